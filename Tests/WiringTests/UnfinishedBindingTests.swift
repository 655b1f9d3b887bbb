import Testing
import Wiring

/// A `bind()` that no terminal finishes binds nothing: `of` reports it at its own line, with the
/// other problems, rather than only as a missing binding where the type is needed.
struct UnfinishedBindingTests {
    @Test func anUnfinishedBindIsReportedAtItsLineBesideTheMissingBindingItCauses() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(UnfinishedRoot.self) }
        #expect(error.description == """
            Wiring found 2 problems in the object graph of UnfinishedRoot:

            Cashier/CashierModule.swift:7: error: binder.bind(Cashier.self) in CashierModule is never finished, so it binds nothing.
              To fix this, end it with a terminal, such as binder.bind(Cashier.self).to(factory: ...) or .to(value: ...), or delete it.

            App/UnfinishedRoot.swift:12: error: Missing binding for Cashier.
              required by Cashier, the root of UnfinishedRoot at App/UnfinishedRoot.swift:12
              To fix this, bind it with binder.bind(Cashier.self).to(...) in a module that UnfinishedRoot includes, or include the module that binds it.
            """)
        #expect(error.diagnostics.map(\.kind) == [.unfinishedBinding, .missingBinding])
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "Cashier/CashierModule.swift", line: 7))
    }

    @Test func anUnfinishedExistentialOrTaggedBindIsReportedAndAFinishedOneIsNot() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(HalfFinishedRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Drawer.swift:3: error: binder.bind((any Coin).self) in HalfFinishedRoot is never finished, so it binds nothing.
              To fix this, end it with a terminal, such as binder.bind((any Coin).self).to(factory: ...) or .to(value: ...), or delete it.
            """,
            """
            App/Drawer.swift:4: error: binder.bind(Int.self) in HalfFinishedRoot is never finished, so it binds nothing.
              To fix this, end it with a terminal, such as binder.bind(Int.self).to(factory: ...) or .to(value: ...), or delete it.
            """,
        ])
    }

    @Test func aSubcomponentsUnfinishedBindIsReportedInItsPath() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ShiftRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.unfinishedBinding])
        #expect(error.diagnostics.first?.message.hasPrefix("binder.bind(String.self) in ShiftComponent is never finished") == true)
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "App/Shift.swift", line: 9))
    }
}

// MARK: - Fixtures

struct Cashier: Sendable { let name: String }
protocol Coin: Sendable {}
struct Penny: Coin {}

struct CashierModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        _ = binder.bind(Cashier.self, file: "Cashier/CashierModule.swift", line: 7)
    }
}

struct UnfinishedRoot: RootComponent {
    typealias Root = Cashier
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CashierModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Cashier>) -> BindingReceipt<Cashier> {
        bind.to(file: "App/UnfinishedRoot.swift", line: 12) { (teller: Cashier) in teller }
    }
}

struct HalfFinishedRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        _ = binder.bind((any Coin).self, file: "App/Drawer.swift", line: 3)
        _ = binder.bind(Int.self, file: "App/Drawer.swift", line: 4).tagged(with: Denomination.self)
        binder.bind((any Coin).self, file: "App/Drawer.swift", line: 5).intoCollection().to { Penny() as any Coin }
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (coins: [any Coin]) in coins.count }
    }
}

struct Denomination: Wiring.Tag { typealias Element = Int }

struct ShiftComponent: Component {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        _ = binder.bind(String.self, file: "App/Shift.swift", line: 9)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to(value: "shift")
    }
}

struct ShiftRoot: RootComponent {
    typealias Root = ComponentFactory<ShiftComponent>
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: ShiftComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<ShiftComponent>>) -> BindingReceipt<ComponentFactory<ShiftComponent>> {
        bind.to { (factory: ComponentFactory<ShiftComponent>) in factory }
    }
}
