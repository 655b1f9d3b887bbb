import CashWiring
import Foundation
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

    /// A type of Foundation belongs to no library of the app either: the same fixes, whichever
    /// module of the system declares it (`Foundation`, or `FoundationEssentials` on Linux).
    @Test func aWiringLibraryBindingAFoundationTypeIsReportedWithFixesThatWork() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(DecoderRootComponent.self, rules: .all) }
        let home = String(String(reflecting: JSONDecoder.self).prefix { $0 != "." })
        #expect(error.diagnostics.map(\.description) == [
            """
            CashWiring/CashModule.swift:83: error: DecoderModule in CashWiring binds JSONDecoder, a type of \(home), which belongs to no \
            library of the app: a wiring library binds only the types of its sibling library (Cash).
              bound at CashWiring/CashModule.swift:83 in DecoderModule
              To fix this, declare in Cash a type that holds the JSONDecoder (a struct with a property of type JSONDecoder) \
            and bind it instead, or check this graph without the wiring rules (rules: []).
            """
        ])
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

    /// A type of the standard library, which no wiring library of the app can own: the fix
    /// wraps it in a type of the sibling, or checks the graph without the rule.
    enum WiringLibraryBindingAStandardLibraryTypeIsReportedWithFixesThatWork: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(RetryRootComponent.self, rules: .all) }
    }
}
