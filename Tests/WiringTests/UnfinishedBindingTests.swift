import Testing
import Wiring

/// A `bind()` that no terminal finishes binds nothing: `of` reports it at its own line, with the
/// other problems, rather than only as a missing binding where the type is needed.
struct UnfinishedBindingTests {
    @Test func anUnfinishedBindIsReportedAtItsLineBesideTheMissingBindingItCauses() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(UnfinishedRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.unfinishedBinding, .missingBinding])
        #expect(error.diagnostics.first?.location == SourceLocation(fileID: "Cashier/CashierModule.swift", line: 7))
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

struct Denomination: Wiring.BindingTag { typealias Element = Int }

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

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `UnfinishedBindingTests.anUnfinishedBindIsReportedAtItsLineBesideTheMissingBindingItCauses`.
    enum UnfinishedBindIsReportedAtItsLineBesideTheMissingBindingItCauses: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(UnfinishedRoot.self) }
    }

    /// From `UnfinishedBindingTests.anUnfinishedExistentialOrTaggedBindIsReportedAndAFinishedOneIsNot`.
    enum UnfinishedExistentialOrTaggedBindIsReportedAndAFinishedOneIsNot: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(HalfFinishedRoot.self) }
    }
}
