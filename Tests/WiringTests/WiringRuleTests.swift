import CashWiring
import Testing
@testable import Wiring

/// Rule 2, checked on request: a wiring library binds only its sibling's types.
struct WiringRuleTests {
    @Test func theRuleIsOffByDefault() {
        #expect(throws: Never.self) { try ComponentFactory.of(CashRootComponent.self) }
    }

    @Test func aWiringLibraryBindingOtherLibrariesTypesIsReportedWithTheFix() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(CashRootComponent.self, rules: .all) }
        #expect(error.diagnostics.map(\.kind) == [.wiringRule, .wiringRule])
        #expect(error.diagnostics.map(\.description) == [
            """
            CashWiring/CashModule.swift:12: error: CashModule in CashWiring binds BillScanner, a type of BillScanner: a wiring library binds only the types of its sibling library (Cash).
              bound at CashWiring/CashModule.swift:12 in CashModule
              To fix this, move this binding to BillScannerWiring.
            """,
            """
            CashWiring/CashModule.swift:13: error: CashModule in CashWiring binds any NetworkExecutor, a type of Network: a wiring library binds only the types of its sibling library (Cash).
              bound at CashWiring/CashModule.swift:13 in CashModule
              To fix this, move this binding to NetworkWiring.
            """,
        ])
    }

    @Test func aTypeTheWiringLibraryDeclaresItselfIsReportedWithTheFixThatHelps() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TillRootComponent.self, rules: .all) }
        #expect(error.diagnostics.map(\.description) == [
            """
            CashWiring/CashModule.swift:45: error: TillModule in CashWiring binds Till, which CashWiring declares itself: a wiring library holds bindings, and the types it binds belong to its sibling library (Cash).
              bound at CashWiring/CashModule.swift:45 in TillModule
              To fix this, move Till to Cash, the library CashWiring wires, or check this graph without the wiring rules (rules: []).
            """,
        ])
    }

    @Test func anEntryOfAnotherLibrarysMapIsAllowed() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(CashRootComponent.self, rules: .all) }
        #expect(!error.diagnostics.contains { $0.location?.line == 15 })
        let graph = try ComponentFactory.of(CashRootComponent.self).graph
        #expect(graph.bindings.contains { $0.location?.line == 15 && $0.mapRole == .entry })
    }

    @Test(arguments: [
        ("NetworkWiring", ["Network"]),
        ("FakeNetworkWiring", ["FakeNetwork", "Network"]),
        ("ATMLibWiring", ["ATMLib"]),
        ("Wiring", nil),
        ("ATMApp", nil),
    ] as [(String, [String]?)])
    func theSiblingOfAWiringLibraryIsItsNameWithoutWiring(library: String, siblings: [String]?) {
        #expect(WiringRule.siblings(ofWiringLibrary: library) == siblings)
    }
}
