import CashWiring
import LinkedWiringScanner
import Testing
// One test reads Wiring's internals (`@testable import`), so it is compiled in debug only:
// Scripts/test's release run builds as a user's release build does, without testability.
#if DEBUG
@testable import Wiring
#else
import Wiring
#endif

/// Rule 2, checked on request: a wiring library binds only its sibling's types.
struct WiringRuleTests {
    @Test func theRuleIsOffByDefault() {
        #expect(throws: Never.self) { try ComponentFactory.of(CashRootComponent.self) }
    }

    @Test func aWiringLibraryBindingOtherLibrariesTypesIsReportedWithTheFix() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(CashRootComponent.self, rules: .all) }
        #expect(error.diagnostics.map(\.kind) == [.wiringRule, .wiringRule])
    }

    @Test func anEntryOfAnotherLibrarysMapIsAllowed() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(CashRootComponent.self, rules: .all) }
        #expect(!error.diagnostics.contains { $0.location?.line == 15 })
        let graph = try ComponentFactory.of(CashRootComponent.self).graph
        #expect(graph.bindings.contains { $0.location?.line == 15 && $0.mapRole == .entry })
    }

    #if DEBUG
    @Test(arguments: [
        ("NetworkWiring", ["Network"]),
        ("FakeNetworkWiring", ["FakeNetwork", "Network"]),
        ("ATMLibWiring", ["ATMLib"]),
        ("Wiring", nil),
        ("ATMApp", nil),
        ("FakeWiring", ["Fake"]),
        ("Wiringwiring", nil),
    ] as [(String, [String]?)])
    func theSiblingOfAWiringLibraryIsItsNameWithoutWiring(library: String, siblings: [String]?) {
        #expect(WiringRule.siblings(ofWiringLibrary: library) == siblings)
        // The build-time check (LinkedWiringScanner, which cannot import Wiring) has its own
        // copy of the name rule: the same answer for every case.
        #expect(GraphCheck.siblings(ofWiringLibrary: library) == siblings)
    }
    #endif
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `WiringRuleTests.aTypeTheWiringLibraryDeclaresItselfIsReportedWithTheFixThatHelps`.
    enum TypeTheWiringLibraryDeclaresItselfIsReportedWithTheFixThatHelps: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(TillRootComponent.self, rules: .all) }
    }

    /// From `WiringRuleTests.aWiringLibraryBindingOtherLibrariesTypesIsReportedWithTheFix`.
    enum WiringLibraryBindingOtherLibrariesTypesIsReportedWithTheFix: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(CashRootComponent.self, rules: .all) }
    }
}
