internal import BenchmarkSupport
internal import Swinject
internal import Wiring

// Scenario 3a: a chain of 20 unscoped bindings, each taking the previous one; resolving the top
// makes all 20 objects. Wiring resolves through `Provider<Chain19>.get()` of a built component
// (resolution without `build`); the hand-written baseline nests the 20 initialisers; Swinject
// resolves the top from its container.

let deepChainScenario = Scenario(key: "chain", title: "3a. Deep chain (20 levels, unscoped)") { context in
    let provider = try ComponentFactory.of(ChainComponent.self).build()
    let swinject = ChainSwinject.container()
    let timings = try context.fastPlan.measure([
        Contender("hand-written") { n in
            for _ in 0..<n { blackHole(makeChainByHand()) }
        },
        Contender("Wiring") { n in
            for _ in 0..<n { blackHole(provider.get()) }
        },
        Contender("Swinject") { n in
            for _ in 0..<n { blackHole(swinject.resolve(Chain19.self)!) }
        },
    ])
    let (hand, wired, swinjected) = (timings[0], timings[1], timings[2])
    context.add("hand-written", hand)
    context.add("Wiring: Provider.get()", wired, note: ratioNote(wired, over: hand, "hand-written"))
    context.add("Swinject: resolve", swinjected, note: ratioNote(swinjected, over: wired, "Wiring"))
}

final class Chain0: Sendable { init() {} }
final class Chain1: Sendable { let previous: Chain0; init(previous: Chain0) { self.previous = previous } }
final class Chain2: Sendable { let previous: Chain1; init(previous: Chain1) { self.previous = previous } }
final class Chain3: Sendable { let previous: Chain2; init(previous: Chain2) { self.previous = previous } }
final class Chain4: Sendable { let previous: Chain3; init(previous: Chain3) { self.previous = previous } }
final class Chain5: Sendable { let previous: Chain4; init(previous: Chain4) { self.previous = previous } }
final class Chain6: Sendable { let previous: Chain5; init(previous: Chain5) { self.previous = previous } }
final class Chain7: Sendable { let previous: Chain6; init(previous: Chain6) { self.previous = previous } }
final class Chain8: Sendable { let previous: Chain7; init(previous: Chain7) { self.previous = previous } }
final class Chain9: Sendable { let previous: Chain8; init(previous: Chain8) { self.previous = previous } }
final class Chain10: Sendable { let previous: Chain9; init(previous: Chain9) { self.previous = previous } }
final class Chain11: Sendable { let previous: Chain10; init(previous: Chain10) { self.previous = previous } }
final class Chain12: Sendable { let previous: Chain11; init(previous: Chain11) { self.previous = previous } }
final class Chain13: Sendable { let previous: Chain12; init(previous: Chain12) { self.previous = previous } }
final class Chain14: Sendable { let previous: Chain13; init(previous: Chain13) { self.previous = previous } }
final class Chain15: Sendable { let previous: Chain14; init(previous: Chain14) { self.previous = previous } }
final class Chain16: Sendable { let previous: Chain15; init(previous: Chain15) { self.previous = previous } }
final class Chain17: Sendable { let previous: Chain16; init(previous: Chain16) { self.previous = previous } }
final class Chain18: Sendable { let previous: Chain17; init(previous: Chain17) { self.previous = previous } }
final class Chain19: Sendable { let previous: Chain18; init(previous: Chain18) { self.previous = previous } }

func makeChainByHand() -> Chain19 {
    Chain19(previous: Chain18(previous: Chain17(previous: Chain16(previous: Chain15(previous: Chain14(previous:
        Chain13(previous: Chain12(previous: Chain11(previous: Chain10(previous: Chain9(previous: Chain8(previous:
            Chain7(previous: Chain6(previous: Chain5(previous: Chain4(previous: Chain3(previous: Chain2(previous:
                Chain1(previous: Chain0())))))))))))))))))))
}

struct ChainModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Chain0.self).to(factory: Chain0.init)
        binder.bind(Chain1.self).to(factory: Chain1.init)
        binder.bind(Chain2.self).to(factory: Chain2.init)
        binder.bind(Chain3.self).to(factory: Chain3.init)
        binder.bind(Chain4.self).to(factory: Chain4.init)
        binder.bind(Chain5.self).to(factory: Chain5.init)
        binder.bind(Chain6.self).to(factory: Chain6.init)
        binder.bind(Chain7.self).to(factory: Chain7.init)
        binder.bind(Chain8.self).to(factory: Chain8.init)
        binder.bind(Chain9.self).to(factory: Chain9.init)
        binder.bind(Chain10.self).to(factory: Chain10.init)
        binder.bind(Chain11.self).to(factory: Chain11.init)
        binder.bind(Chain12.self).to(factory: Chain12.init)
        binder.bind(Chain13.self).to(factory: Chain13.init)
        binder.bind(Chain14.self).to(factory: Chain14.init)
        binder.bind(Chain15.self).to(factory: Chain15.init)
        binder.bind(Chain16.self).to(factory: Chain16.init)
        binder.bind(Chain17.self).to(factory: Chain17.init)
        binder.bind(Chain18.self).to(factory: Chain18.init)
        binder.bind(Chain19.self).to(factory: Chain19.init)
    }
}

struct ChainComponent: RootComponent {
    typealias Root = Wiring.Provider<Chain19>

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ChainModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Wiring.Provider<Chain19>>) -> BindingReceipt<Wiring.Provider<Chain19>> {
        bind.to { (top: Wiring.Provider<Chain19>) in top }
    }
}

enum ChainSwinject {
    static func container() -> Container {
        let container = Container()
        container.register(Chain0.self) { _ in Chain0() }
        container.register(Chain1.self) { r in Chain1(previous: r.resolve(Chain0.self)!) }
        container.register(Chain2.self) { r in Chain2(previous: r.resolve(Chain1.self)!) }
        container.register(Chain3.self) { r in Chain3(previous: r.resolve(Chain2.self)!) }
        container.register(Chain4.self) { r in Chain4(previous: r.resolve(Chain3.self)!) }
        container.register(Chain5.self) { r in Chain5(previous: r.resolve(Chain4.self)!) }
        container.register(Chain6.self) { r in Chain6(previous: r.resolve(Chain5.self)!) }
        container.register(Chain7.self) { r in Chain7(previous: r.resolve(Chain6.self)!) }
        container.register(Chain8.self) { r in Chain8(previous: r.resolve(Chain7.self)!) }
        container.register(Chain9.self) { r in Chain9(previous: r.resolve(Chain8.self)!) }
        container.register(Chain10.self) { r in Chain10(previous: r.resolve(Chain9.self)!) }
        container.register(Chain11.self) { r in Chain11(previous: r.resolve(Chain10.self)!) }
        container.register(Chain12.self) { r in Chain12(previous: r.resolve(Chain11.self)!) }
        container.register(Chain13.self) { r in Chain13(previous: r.resolve(Chain12.self)!) }
        container.register(Chain14.self) { r in Chain14(previous: r.resolve(Chain13.self)!) }
        container.register(Chain15.self) { r in Chain15(previous: r.resolve(Chain14.self)!) }
        container.register(Chain16.self) { r in Chain16(previous: r.resolve(Chain15.self)!) }
        container.register(Chain17.self) { r in Chain17(previous: r.resolve(Chain16.self)!) }
        container.register(Chain18.self) { r in Chain18(previous: r.resolve(Chain17.self)!) }
        container.register(Chain19.self) { r in Chain19(previous: r.resolve(Chain18.self)!) }
        return container
    }
}
