import CashWiring
import Testing
import Wiring

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
