import Testing
import Wiring

/// What `of` reports about maps, word for word, with every other problem.
struct MapDiagnosticTests {
    @Test func twoEntriesUnderOneKeyAreReportedWithBothModules() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ClashingRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateMapKey])
    }

    @Test func aProviderMapOfEntriesWithEffectsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(EffectfulProviderMapRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func duplicateKeysOfAMapAlsoBoundWholeAreReportedWhateverTheOrder() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(WholeFirstRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding, .duplicateMapKey])
    }

    @Test func everyMapProblemIsReportedWithTheOthers() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ManyProblemsRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateMapKey, .missingBinding])
    }
}

// MARK: - Fixtures

private protocol PaymentMethod: Sendable {}
private struct Card: PaymentMethod {}
private struct Transfer: PaymentMethod {}
private enum Method: Hashable, Sendable { case cash, card }

private struct CardWiringModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any PaymentMethod).self, file: "Cards/Wiring.swift", line: 4).intoMap(key: "card").to { Card() as any PaymentMethod }
    }
}

private struct PaymentsWiringModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any PaymentMethod).self, file: "Payments/Wiring.swift", line: 6).intoMap(key: "transfer").to { Transfer() as any PaymentMethod }
        binder.bind((any PaymentMethod).self, file: "Payments/Wiring.swift", line: 7).intoMap(key: "card").to { Card() as any PaymentMethod }
    }
}

private struct Checkout {
    let methods: [String: any PaymentMethod]
}

private struct ClashingRoot: RootComponent {
    typealias Root = Checkout
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CardWiringModule.self)
        binder.include(module: PaymentsWiringModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
        bind.to(factory: Checkout.init)
    }
}

private struct EnumClashRoot: RootComponent {
    typealias Root = [Method: any PaymentMethod]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any PaymentMethod).self, file: "Cash/Wiring.swift", line: 3).intoMap(key: Method.cash).to { Card() as any PaymentMethod }
        binder.bind((any PaymentMethod).self, file: "Cash/Wiring.swift", line: 4).intoMap(key: Method.cash).to { Transfer() as any PaymentMethod }
    }
    static func configureRoot(binder bind: ReceiptBinder<[Method: any PaymentMethod]>) -> BindingReceipt<[Method: any PaymentMethod]> {
        bind.to { (methods: [Method: any PaymentMethod]) in methods }
    }
}

private struct CheckoutComponent: Component {
    typealias Root = Checkout
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any PaymentMethod).self, file: "Checkout/Wiring.swift", line: 11).intoMap(key: "voucher").to { Card() as any PaymentMethod }
        binder.bind((any PaymentMethod).self, file: "Checkout/Wiring.swift", line: 12).intoMap(key: "card").to { Transfer() as any PaymentMethod }
    }
    static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
        bind.to(factory: Checkout.init)
    }
}

private struct ShopRoot: RootComponent {
    typealias Root = ComponentFactory<CheckoutComponent>
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CardWiringModule.self)
        binder.install(dependency: CheckoutComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<CheckoutComponent>>) -> BindingReceipt<ComponentFactory<CheckoutComponent>> {
        bind.to { (checkout: ComponentFactory<CheckoutComponent>) in checkout }
    }
}

private struct UndeclaredRoot: RootComponent {
    typealias Root = [String: Provider<any PaymentMethod>]
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<[String: Provider<any PaymentMethod>]>) -> BindingReceipt<[String: Provider<any PaymentMethod>]> {
        bind.to(file: "Checkout/Root.swift", line: 20) { (methods: [String: Provider<any PaymentMethod>]) in methods }
    }
}

private struct MixedRoot: RootComponent {
    typealias Root = Checkout
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CardWiringModule.self)
        binder.bind([String: any PaymentMethod].self, file: "Mixed/Wiring.swift", line: 3).to(value: [:])
    }
    static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
        bind.to(factory: Checkout.init)
    }
}

private struct Gateway: Sendable {
    init() async {}
}

private struct EffectfulProviderMapRoot: RootComponent {
    typealias Root = [String: Provider<any PaymentMethod>]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Gateway.self, file: "Gateway/Wiring.swift", line: 4).to(asyncFactory: Gateway.init)
        binder.bind((any PaymentMethod).self, file: "Gateway/Wiring.swift", line: 5).intoMap(key: "gateway").to { (_: Gateway) in
            Card() as any PaymentMethod
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: Provider<any PaymentMethod>]>) -> BindingReceipt<[String: Provider<any PaymentMethod>]> {
        bind.to(file: "Gateway/Root.swift", line: 9) { (methods: [String: Provider<any PaymentMethod>]) in methods }
    }
}

private struct ManyProblemsRoot: RootComponent {
    typealias Root = Checkout
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CardWiringModule.self)
        binder.include(module: PaymentsWiringModule.self)
        binder.bind(String.self).to { (count: Int) in "\(count)" }
    }
    static func configureRoot(binder bind: ReceiptBinder<Checkout>) -> BindingReceipt<Checkout> {
        bind.to { (methods: [String: any PaymentMethod], _: String) in Checkout(methods: methods) }
    }
}

// MARK: - Fixtures: providers of a map bound whole

private struct WholeMapRoot: RootComponent {
    typealias Root = [String: Provider<any PaymentMethod>]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind([String: any PaymentMethod].self, file: "Whole/Wiring.swift", line: 2).to(value: [:])
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: Provider<any PaymentMethod>]>) -> BindingReceipt<[String: Provider<any PaymentMethod>]> {
        bind.to(file: "Whole/Root.swift", line: 5) { (methods: [String: Provider<any PaymentMethod>]) in methods }
    }
}

private struct WholeFirstRoot: RootComponent {
    typealias Root = [String: any PaymentMethod]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind([String: any PaymentMethod].self).to(value: [:])
        binder.include(module: CardWiringModule.self)
        binder.bind((any PaymentMethod).self).intoMap(key: "card").to { Transfer() as any PaymentMethod }
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: any PaymentMethod]>) -> BindingReceipt<[String: any PaymentMethod]> {
        bind.to { (methods: [String: any PaymentMethod]) in methods }
    }
}

private struct NestedWrapperRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CardWiringModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "Nested/Root.swift", line: 4) { (_: Provider<[String: Provider<any PaymentMethod>]>) in 0 }
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `MapDiagnosticTests.enumKeysArePrintedAsCodeWritesThem`.
    enum EnumKeysArePrintedAsCodeWritesThem: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(EnumClashRoot.self) }
    }

    /// From `MapDiagnosticTests.aMapAlsoBoundAsASingleValueIsReported`.
    enum MapAlsoBoundAsASingleValueIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MixedRoot.self) }
    }

    /// From `MapDiagnosticTests.aMapNothingContributesToIsMissingAndTheFixSaysHowToDeclareIt`.
    enum MapNothingContributesToIsMissingAndTheFixSaysHowToDeclareIt: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(UndeclaredRoot.self) }
    }

    /// From `MapDiagnosticTests.aProviderMapOfEntriesWithEffectsIsReported`.
    enum ProviderMapOfEntriesWithEffectsIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(EffectfulProviderMapRoot.self) }
    }

    /// From `MapDiagnosticTests.aProviderOfAMapOfProvidersIsReportedAsAWrapperOfAWrapper`.
    enum ProviderOfAMapOfProvidersIsReportedAsAWrapperOfAWrapper: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(NestedWrapperRoot.self) }
    }

    /// From `MapDiagnosticTests.providersOfAMapBoundAsASingleValueAreReported`.
    enum ProvidersOfAMapBoundAsASingleValueAreReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(WholeMapRoot.self) }
    }

    /// From `MapDiagnosticTests.aSubcomponentThatContributesItsAncestorsKeyIsReported`.
    enum SubcomponentThatContributesItsAncestorsKeyIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ShopRoot.self) }
    }

    /// From `MapDiagnosticTests.twoEntriesUnderOneKeyAreReportedWithBothModules`.
    enum TwoEntriesUnderOneKeyAreReportedWithBothModules: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ClashingRoot.self) }
    }
}
