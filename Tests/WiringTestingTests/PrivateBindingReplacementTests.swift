import Testing
import Wiring
import WiringTesting

/// A test replaces a private module's private binding by naming the module.
struct PrivateBindingReplacementTests {
    @Test func aReplacementInsideThePrivateModuleReplacesItsPrivateBinding() throws {
        let factory = try ComponentFactory.of(GatewayRoot.self, replacing: { binder in
            binder.inside(GatewayModule.self) { binder in
                binder.bind(GatewaySettings.self, file: "Tests/Gateway.swift", line: 4).to(value: GatewaySettings(host: "localhost"))
            }
        })
        #expect(factory.build().settings.host == "localhost")
        let replaced = try #require(factory.graph.bindings(of: GatewaySettings.self).first)
        #expect(replaced.isOverride)
        #expect(replaced.privateTo == "WiringTestingTests.GatewayModule")
    }

    @Test func aReplacementOutsideThePrivateModuleLeavesItsPrivateBindingAlone() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(GatewayRoot.self, replacing: { binder in
                binder.bind(GatewaySettings.self, file: "Tests/Gateway.swift", line: 9).to(value: GatewaySettings(host: "localhost"))
            })
        }
        #expect(error.diagnostics.map(\.description) == ["""
            Tests/Gateway.swift:9: error: The override of GatewaySettings replaces nothing: GatewayRoot does not bind GatewaySettings.
              overridden at Tests/Gateway.swift:9 in GatewayRoot
              To fix this, replace it where GatewayModule keeps it private: declare the override in binder.inside(GatewayModule.self) { binder in ... } in the test's replacements.
            """])
    }

    @Test func aReplacementOutsideTwoPrivateModulesNamesBothAsTheyKeepIt() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(TwoGatewaysRoot.self, replacing: { binder in
                binder.bind(GatewaySettings.self, file: "Tests/Gateway.swift", line: 30).to(value: GatewaySettings(host: "localhost"))
            })
        }
        #expect(error.diagnostics.map(\.description) == ["""
            Tests/Gateway.swift:30: error: The override of GatewaySettings replaces nothing: TwoGatewaysRoot does not bind GatewaySettings.
              overridden at Tests/Gateway.swift:30 in TwoGatewaysRoot
              To fix this, replace it where GatewayModule and BackupGatewayModule keep it private: declare the override in binder.inside(GatewayModule.self) { binder in ... } in the test's replacements.
            """])
    }

    @Test func aReplacementInsideThePrivateModuleOfATypeItDoesNotBindIsReported() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(GatewayRoot.self, replacing: { binder in
                binder.inside(GatewayModule.self) { binder in
                    binder.bind(Int.self, file: "Tests/Gateway.swift", line: 20).to(value: 8080)
                }
            })
        }
        #expect(error.diagnostics.map(\.kind) == [.invalidOverride])
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "Tests/Gateway.swift", line: 20))
    }

    @Test func namingAPrivateModuleTheComponentDoesNotIncludeIsReported() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(GatewayRoot.self, replacing: { binder in
                binder.inside(UnusedGatewayModule.self, file: "Tests/Gateway.swift", line: 14) { binder in
                    binder.bind(GatewaySettings.self).to(value: GatewaySettings(host: "localhost"))
                }
            })
        }
        #expect(error.diagnostics.map(\.description) == ["""
            Tests/Gateway.swift:14: error: The replacements inside UnusedGatewayModule replace nothing: GatewayRoot does not include UnusedGatewayModule, and includes only the private module GatewayModule.
              replaced at Tests/Gateway.swift:14
              To fix this, name a private module the component includes, or replace the binding outside inside(_:_:) when it is not private.
            """])
    }
}

struct GatewaySettings: Sendable {
    let host: String
}

struct Gateway: Sendable {
    let settings: GatewaySettings
}

struct GatewayModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(GatewaySettings.self).to(value: GatewaySettings(host: "bank.example"))
        binder.bind(Gateway.self).to(factory: Gateway.init)
        binder.expose(Gateway.self)
    }
}

struct UnusedGatewayModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {}
}

private struct GatewayRoot: RootComponent {
    typealias Root = Gateway
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: GatewayModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Gateway>) -> BindingReceipt<Gateway> {
        bind.to { (gateway: Gateway) in gateway }
    }
}

/// A second private module that keeps its own `GatewaySettings`.
struct BackupGatewayModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(GatewaySettings.self).to(value: GatewaySettings(host: "backup.example"))
        binder.bind(BackupGateway.self).to { (settings: GatewaySettings) in BackupGateway(settings: settings) }
        binder.expose(BackupGateway.self)
    }
}

struct BackupGateway: Sendable {
    let settings: GatewaySettings
}

private struct TwoGatewaysRoot: RootComponent {
    typealias Root = Gateway
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: GatewayModule.self)
        binder.include(module: BackupGatewayModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Gateway>) -> BindingReceipt<Gateway> {
        bind.to { (gateway: Gateway, _: BackupGateway) in gateway }
    }
}
