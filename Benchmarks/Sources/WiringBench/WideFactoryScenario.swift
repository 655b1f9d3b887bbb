internal import BenchmarkSupport
internal import Swinject
internal import Wiring

// Scenario 3b: a factory of 15 parameters, each an unscoped binding without parameters of its
// own; resolving it makes 16 objects. Measured like the deep chain: `Provider<WideService>.get()`
// against the initialiser called by hand and Swinject's resolve.

let wideFactoryScenario = Scenario(key: "wide", title: "3b. Wide factory (15 parameters)") { context in
    let provider = try ComponentFactory.of(WideComponent.self).build()
    let swinject = WideSwinject.container()
    let timings = try context.fastPlan.measure([
        Contender("hand-written") { n in
            for _ in 0..<n { blackHole(makeWideByHand()) }
        },
        Contender("Wiring") { n in
            for _ in 0..<n { blackHole(provider.get()) }
        },
        Contender("Swinject") { n in
            for _ in 0..<n { blackHole(swinject.resolve(WideService.self)!) }
        },
    ])
    let (hand, wired, swinjected) = (timings[0], timings[1], timings[2])
    context.add("hand-written", hand)
    context.add("Wiring: Provider.get()", wired, note: ratioNote(wired, over: hand, "hand-written"))
    context.add("Swinject: resolve", swinjected, note: ratioNote(swinjected, over: wired, "Wiring"))
    let ratio = wired.median / hand.median
    context.report.check("wide factory (15 parameters) ≤ 1.3× hand-written", measured: Report.ratio(ratio), isMet: ratio <= 1.3)
}

final class Leaf1: Sendable { init() {} }
final class Leaf2: Sendable { init() {} }
final class Leaf3: Sendable { init() {} }
final class Leaf4: Sendable { init() {} }
final class Leaf5: Sendable { init() {} }
final class Leaf6: Sendable { init() {} }
final class Leaf7: Sendable { init() {} }
final class Leaf8: Sendable { init() {} }
final class Leaf9: Sendable { init() {} }
final class Leaf10: Sendable { init() {} }
final class Leaf11: Sendable { init() {} }
final class Leaf12: Sendable { init() {} }
final class Leaf13: Sendable { init() {} }
final class Leaf14: Sendable { init() {} }
final class Leaf15: Sendable { init() {} }

final class WideService: Sendable {
    let leaf1: Leaf1
    let leaf2: Leaf2
    let leaf3: Leaf3
    let leaf4: Leaf4
    let leaf5: Leaf5
    let leaf6: Leaf6
    let leaf7: Leaf7
    let leaf8: Leaf8
    let leaf9: Leaf9
    let leaf10: Leaf10
    let leaf11: Leaf11
    let leaf12: Leaf12
    let leaf13: Leaf13
    let leaf14: Leaf14
    let leaf15: Leaf15

    init(
        leaf1: Leaf1,
        leaf2: Leaf2,
        leaf3: Leaf3,
        leaf4: Leaf4,
        leaf5: Leaf5,
        leaf6: Leaf6,
        leaf7: Leaf7,
        leaf8: Leaf8,
        leaf9: Leaf9,
        leaf10: Leaf10,
        leaf11: Leaf11,
        leaf12: Leaf12,
        leaf13: Leaf13,
        leaf14: Leaf14,
        leaf15: Leaf15
    ) {
        self.leaf1 = leaf1
        self.leaf2 = leaf2
        self.leaf3 = leaf3
        self.leaf4 = leaf4
        self.leaf5 = leaf5
        self.leaf6 = leaf6
        self.leaf7 = leaf7
        self.leaf8 = leaf8
        self.leaf9 = leaf9
        self.leaf10 = leaf10
        self.leaf11 = leaf11
        self.leaf12 = leaf12
        self.leaf13 = leaf13
        self.leaf14 = leaf14
        self.leaf15 = leaf15
    }
}

func makeWideByHand() -> WideService {
    WideService(
        leaf1: Leaf1(),
        leaf2: Leaf2(),
        leaf3: Leaf3(),
        leaf4: Leaf4(),
        leaf5: Leaf5(),
        leaf6: Leaf6(),
        leaf7: Leaf7(),
        leaf8: Leaf8(),
        leaf9: Leaf9(),
        leaf10: Leaf10(),
        leaf11: Leaf11(),
        leaf12: Leaf12(),
        leaf13: Leaf13(),
        leaf14: Leaf14(),
        leaf15: Leaf15()
    )
}

struct WideModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Leaf1.self).to(factory: Leaf1.init)
        binder.bind(Leaf2.self).to(factory: Leaf2.init)
        binder.bind(Leaf3.self).to(factory: Leaf3.init)
        binder.bind(Leaf4.self).to(factory: Leaf4.init)
        binder.bind(Leaf5.self).to(factory: Leaf5.init)
        binder.bind(Leaf6.self).to(factory: Leaf6.init)
        binder.bind(Leaf7.self).to(factory: Leaf7.init)
        binder.bind(Leaf8.self).to(factory: Leaf8.init)
        binder.bind(Leaf9.self).to(factory: Leaf9.init)
        binder.bind(Leaf10.self).to(factory: Leaf10.init)
        binder.bind(Leaf11.self).to(factory: Leaf11.init)
        binder.bind(Leaf12.self).to(factory: Leaf12.init)
        binder.bind(Leaf13.self).to(factory: Leaf13.init)
        binder.bind(Leaf14.self).to(factory: Leaf14.init)
        binder.bind(Leaf15.self).to(factory: Leaf15.init)
        binder.bind(WideService.self).to(factory: WideService.init)
    }
}

struct WideComponent: RootComponent {
    typealias Root = Wiring.Provider<WideService>

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: WideModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Wiring.Provider<WideService>>) -> BindingReceipt<Wiring.Provider<WideService>> {
        bind.to { (service: Wiring.Provider<WideService>) in service }
    }
}

enum WideSwinject {
    static func container() -> Container {
        let container = Container()
        container.register(Leaf1.self) { _ in Leaf1() }
        container.register(Leaf2.self) { _ in Leaf2() }
        container.register(Leaf3.self) { _ in Leaf3() }
        container.register(Leaf4.self) { _ in Leaf4() }
        container.register(Leaf5.self) { _ in Leaf5() }
        container.register(Leaf6.self) { _ in Leaf6() }
        container.register(Leaf7.self) { _ in Leaf7() }
        container.register(Leaf8.self) { _ in Leaf8() }
        container.register(Leaf9.self) { _ in Leaf9() }
        container.register(Leaf10.self) { _ in Leaf10() }
        container.register(Leaf11.self) { _ in Leaf11() }
        container.register(Leaf12.self) { _ in Leaf12() }
        container.register(Leaf13.self) { _ in Leaf13() }
        container.register(Leaf14.self) { _ in Leaf14() }
        container.register(Leaf15.self) { _ in Leaf15() }
        container.register(WideService.self) { r in
            WideService(
                leaf1: r.resolve(Leaf1.self)!,
                leaf2: r.resolve(Leaf2.self)!,
                leaf3: r.resolve(Leaf3.self)!,
                leaf4: r.resolve(Leaf4.self)!,
                leaf5: r.resolve(Leaf5.self)!,
                leaf6: r.resolve(Leaf6.self)!,
                leaf7: r.resolve(Leaf7.self)!,
                leaf8: r.resolve(Leaf8.self)!,
                leaf9: r.resolve(Leaf9.self)!,
                leaf10: r.resolve(Leaf10.self)!,
                leaf11: r.resolve(Leaf11.self)!,
                leaf12: r.resolve(Leaf12.self)!,
                leaf13: r.resolve(Leaf13.self)!,
                leaf14: r.resolve(Leaf14.self)!,
                leaf15: r.resolve(Leaf15.self)!
            )
        }
        return container
    }
}
