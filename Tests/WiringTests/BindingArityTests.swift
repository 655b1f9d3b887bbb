import Testing
import Wiring

/// `to(factory:)` takes factories of any arity; every parameter is resolved from the graph.
struct BindingArityTests {
    @Test func aFactoryWithoutParametersIsCalledForTheRoot() throws {
        let factory = try ComponentFactory.of(ArityRoot<Dep1>.self)
        #expect(factory.build().value == 1)
    }

    @Test func aFactoryWithOneParameterReceivesIt() throws {
        let root = try ComponentFactory.of(ArityRoot<One>.self).build()
        #expect(root.sum == 1)
    }

    @Test func aFactoryWithFiveParametersReceivesThemInOrder() throws {
        let root = try ComponentFactory.of(ArityRoot<Five>.self).build()
        #expect(root.values == [1, 2, 3, 4, 5])
    }

    @Test func aFactoryWithFifteenParametersReceivesThemInOrder() throws {
        let root = try ComponentFactory.of(ArityRoot<Fifteen>.self).build()
        #expect(root.values == Array(1...15))
    }

    @Test func aFactoryWithTwentyParametersUsesTheParameterPackAndReceivesThemInOrder() throws {
        let root = try ComponentFactory.of(ArityRoot<Twenty>.self).build()
        #expect(root.values == Array(1...20))
    }

    @Test func aProviderOfAParameterPackFactoryStillResolvesOnceItsFactoryIsGone() throws {
        // The pack's parameter resolvers live as long as the built component (its layout keeps
        // them), not as long as the factory that linked them.
        var factory: ComponentFactory<PackProviderRoot>? = try ComponentFactory.of(PackProviderRoot.self)
        let provider = factory?.build()
        factory = nil
        #expect(provider?.get().values == Array(1...20))
        #expect(provider?.get().values == Array(1...20))
    }

    @Test func aClosureWithTypedParametersIsAFactory() throws {
        let root = try ComponentFactory.of(ClosureRoot.self).build()
        #expect(root == "1+2")
    }

    @Test func bindWithoutATypeInfersItFromTheFactory() throws {
        let root = try ComponentFactory.of(InferredRoot.self).build()
        #expect(root.sum == 1)
    }

    @Test func aBoundValueIsGivenToEveryRequest() throws {
        let factory = try ComponentFactory.of(ValueRoot.self)
        #expect(factory.build() == "configured")
        #expect(factory.build() == "configured")
    }
}

// MARK: - Fixtures

private struct Dep1: Sendable { let value = 1 }
private struct Dep2: Sendable { let value = 2 }
private struct Dep3: Sendable { let value = 3 }
private struct Dep4: Sendable { let value = 4 }
private struct Dep5: Sendable { let value = 5 }
private struct Dep6: Sendable { let value = 6 }
private struct Dep7: Sendable { let value = 7 }
private struct Dep8: Sendable { let value = 8 }
private struct Dep9: Sendable { let value = 9 }
private struct Dep10: Sendable { let value = 10 }
private struct Dep11: Sendable { let value = 11 }
private struct Dep12: Sendable { let value = 12 }
private struct Dep13: Sendable { let value = 13 }
private struct Dep14: Sendable { let value = 14 }
private struct Dep15: Sendable { let value = 15 }
private struct Dep16: Sendable { let value = 16 }
private struct Dep17: Sendable { let value = 17 }
private struct Dep18: Sendable { let value = 18 }
private struct Dep19: Sendable { let value = 19 }
private struct Dep20: Sendable { let value = 20 }

private struct TwentyDependencies: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Dep1.self).to(factory: Dep1.init)
        binder.bind(Dep2.self).to(factory: Dep2.init)
        binder.bind(Dep3.self).to(factory: Dep3.init)
        binder.bind(Dep4.self).to(factory: Dep4.init)
        binder.bind(Dep5.self).to(factory: Dep5.init)
        binder.bind(Dep6.self).to(factory: Dep6.init)
        binder.bind(Dep7.self).to(factory: Dep7.init)
        binder.bind(Dep8.self).to(factory: Dep8.init)
        binder.bind(Dep9.self).to(factory: Dep9.init)
        binder.bind(Dep10.self).to(factory: Dep10.init)
        binder.bind(Dep11.self).to(factory: Dep11.init)
        binder.bind(Dep12.self).to(factory: Dep12.init)
        binder.bind(Dep13.self).to(factory: Dep13.init)
        binder.bind(Dep14.self).to(factory: Dep14.init)
        binder.bind(Dep15.self).to(factory: Dep15.init)
        binder.bind(Dep16.self).to(factory: Dep16.init)
        binder.bind(Dep17.self).to(factory: Dep17.init)
        binder.bind(Dep18.self).to(factory: Dep18.init)
        binder.bind(Dep19.self).to(factory: Dep19.init)
        binder.bind(Dep20.self).to(factory: Dep20.init)
    }
}

/// A root component whose root is made by `R.make`, over the twenty dependencies.
private struct ArityRoot<R: RootMaking>: RootComponent {
    typealias Root = R
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: TwentyDependencies.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<R>) -> BindingReceipt<R> {
        R.bindRoot(bind)
    }
}

private protocol RootMaking {
    static func bindRoot(_ bind: ReceiptBinder<Self>) -> BindingReceipt<Self>
}

extension Dep1: RootMaking {
    static func bindRoot(_ bind: ReceiptBinder<Dep1>) -> BindingReceipt<Dep1> {
        bind.to(factory: Dep1.init)
    }
}

private struct One: RootMaking {
    let sum: Int
    init(d1: Dep1) { sum = d1.value }
    static func bindRoot(_ bind: ReceiptBinder<One>) -> BindingReceipt<One> {
        bind.to(factory: One.init)
    }
}

private struct Five: RootMaking {
    let values: [Int]
    init(_ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5) {
        values = [d1.value, d2.value, d3.value, d4.value, d5.value]
    }
    static func bindRoot(_ bind: ReceiptBinder<Five>) -> BindingReceipt<Five> {
        bind.to(factory: Five.init)
    }
}

private struct Fifteen: RootMaking {
    let values: [Int]
    init(
        _ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5, _ d6: Dep6, _ d7: Dep7, _ d8: Dep8,
        _ d9: Dep9, _ d10: Dep10, _ d11: Dep11, _ d12: Dep12, _ d13: Dep13, _ d14: Dep14, _ d15: Dep15
    ) {
        values = [
            d1.value, d2.value, d3.value, d4.value, d5.value, d6.value, d7.value, d8.value,
            d9.value, d10.value, d11.value, d12.value, d13.value, d14.value, d15.value,
        ]
    }
    static func bindRoot(_ bind: ReceiptBinder<Fifteen>) -> BindingReceipt<Fifteen> {
        bind.to(factory: Fifteen.init)
    }
}

private struct Twenty: RootMaking {
    let values: [Int]
    init(
        _ d1: Dep1, _ d2: Dep2, _ d3: Dep3, _ d4: Dep4, _ d5: Dep5, _ d6: Dep6, _ d7: Dep7, _ d8: Dep8,
        _ d9: Dep9, _ d10: Dep10, _ d11: Dep11, _ d12: Dep12, _ d13: Dep13, _ d14: Dep14, _ d15: Dep15,
        _ d16: Dep16, _ d17: Dep17, _ d18: Dep18, _ d19: Dep19, _ d20: Dep20
    ) {
        values = [
            d1.value, d2.value, d3.value, d4.value, d5.value, d6.value, d7.value, d8.value, d9.value, d10.value,
            d11.value, d12.value, d13.value, d14.value, d15.value, d16.value, d17.value, d18.value, d19.value, d20.value,
        ]
    }
    static func bindRoot(_ bind: ReceiptBinder<Twenty>) -> BindingReceipt<Twenty> {
        bind.to(factory: Twenty.init)
    }
}

/// A root that is a provider of a factory of twenty parameters, bound through the pack.
private struct PackProviderRoot: RootComponent {
    typealias Root = Provider<Twenty>
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: TwentyDependencies.self)
        binder.bind(Twenty.self).to(factory: Twenty.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Provider<Twenty>>) -> BindingReceipt<Provider<Twenty>> {
        bind.to { (twenty: Provider<Twenty>) in twenty }
    }
}

private struct ClosureRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: TwentyDependencies.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (one: Dep1, two: Dep2) in "\(one.value)+\(two.value)" }
    }
}

private struct InferredRoot: RootComponent {
    typealias Root = One
    static func configure(binder: Binder<Unscoped>) {
        binder.bind().to(factory: Dep1.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<One>) -> BindingReceipt<One> {
        bind.to(factory: One.init)
    }
}

private struct ValueRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "configured")
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (value: String) in value }
    }
}
