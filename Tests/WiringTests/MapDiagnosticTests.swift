import Testing
import Wiring

/// What `of` reports about maps, word for word, with every other problem.
struct MapDiagnosticTests {
    @Test func twoEntriesUnderOneKeyAreReportedWithBothModules() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ClashingRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            Payments/Wiring.swift:7: error: [String: any PaymentMethod] has more than one entry under the key "card".
              contributed at Cards/Wiring.swift:4 in CardWiringModule
              contributed again at Payments/Wiring.swift:7 in PaymentsWiringModule
              To fix this, give each entry a key of its own, or include only one of the modules that contribute "card". \
            To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting.
            """])
        #expect(error.diagnostics.map(\.kind) == [.duplicateMapKey])
    }

    @Test func enumKeysArePrintedAsCodeWritesThem() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(EnumClashRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            [Method: any PaymentMethod] has more than one entry under the key Method.cash.
              contributed at Cash/Wiring.swift:3 in EnumClashRoot
              contributed again at Cash/Wiring.swift:4 in EnumClashRoot
              To fix this, give each entry a key of its own, or include only one of the modules that contribute Method.cash. \
            To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting.
            """])
    }

    @Test func aSubcomponentThatContributesItsAncestorsKeyIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ShopRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            Checkout/Wiring.swift:12: error: [String: any PaymentMethod] in CheckoutComponent has an entry under the key "card", \
            which the map of its ancestor ShopRoot already has.
              in ShopRoot > CheckoutComponent
              contributed at Cards/Wiring.swift:4 in CardWiringModule (ShopRoot)
              contributed again at Checkout/Wiring.swift:12 in CheckoutComponent (CheckoutComponent)
              To fix this, give the entry of CheckoutComponent a key of its own: a subcomponent adds entries to its ancestors' map \
            but cannot replace one.
            """])
    }

    @Test func aMapNothingContributesToIsMissingAndTheFixSaysHowToDeclareIt() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(UndeclaredRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            Checkout/Root.swift:20: error: Missing binding for [String: any PaymentMethod].
              required by [String: Provider<any PaymentMethod>], the root of UndeclaredRoot (as [String: Provider<any PaymentMethod>]) at Checkout/Root.swift:20
              To fix this, contribute to it with binder.bind((any PaymentMethod).self).intoMap(key: ...).to(...) in a module that \
            UndeclaredRoot includes, or include the module that contributes to it; if the map may have no entries, declare it with \
            binder.declareMap([String: any PaymentMethod].self).
            """])
    }

    @Test func aMapAlsoBoundAsASingleValueIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MixedRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            [String: any PaymentMethod] is bound both as a single value and as a map.
              bound as a single value at Mixed/Wiring.swift:3 in MixedRoot
              contributed to the map under the key "card" at Cards/Wiring.swift:4 in CardWiringModule
              To fix this, either bind [String: any PaymentMethod] once as a single value, or contribute every entry with .intoMap(key:).
            """])
    }

    @Test func aProviderMapOfEntriesWithEffectsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(EffectfulProviderMapRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
        #expect(error.diagnostics.map(\.message) == ["""
            [String: Provider<any PaymentMethod>], the root of EffectfulProviderMapRoot, takes [String: Provider<any PaymentMethod>], whose get() cannot resolve \
            [String: any PaymentMethod]: Gateway is async, and get() is synchronous, nonisolated and cannot throw.
              Gateway is async, bound at Gateway/Wiring.swift:4 in EffectfulProviderMapRoot
              required by the entry "gateway" of [String: any PaymentMethod] at Gateway/Wiring.swift:5
              required by [String: Provider<any PaymentMethod>], the root of EffectfulProviderMapRoot as [String: Provider<any PaymentMethod>] at Gateway/Root.swift:9
              To fix this, take [String: AsyncProvider<any PaymentMethod>] instead and call try await get() on an entry's provider.
            """])
    }

    @Test func providersOfAMapBoundAsASingleValueAreReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(WholeMapRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            Whole/Root.swift:5: error: [String: any PaymentMethod] is bound as a single value, so it has no entries to give one \
            provider each.
              required by [String: Provider<any PaymentMethod>], the root of WholeMapRoot (as [String: Provider<any PaymentMethod>]) at Whole/Root.swift:5
              bound as a single value at Whole/Wiring.swift:2 in WholeMapRoot
              To fix this, take [String: any PaymentMethod] or Provider<[String: any PaymentMethod]>, or contribute each entry \
            with binder.bind((any PaymentMethod).self).intoMap(key: ...) instead of binding the whole map.
            """])
    }

    @Test func aProviderOfAMapOfProvidersIsReportedAsAWrapperOfAWrapper() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(NestedWrapperRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            Nested/Root.swift:4: error: Nothing binds [String: Provider<any PaymentMethod>], which is itself a wrapper: a wrapper such \
            as Provider or Lazy cannot wrap another.
              required by Int, the root of NestedWrapperRoot (as Provider<[String: Provider<any PaymentMethod>]>) at Nested/Root.swift:4
              To fix this, take [String: Provider<any PaymentMethod>] itself as the parameter, or wrap the bound type it reaches instead.
            """])
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
        binder.bind(Gateway.self, file: "Gateway/Wiring.swift", line: 4).to(factory: Gateway.init)
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
