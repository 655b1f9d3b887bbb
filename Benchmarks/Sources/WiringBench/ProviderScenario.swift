internal import BenchmarkSupport
internal import Swinject
internal import Wiring

// Scenario 3b: an unscoped object of four parts, one of them a singleton shared in the root, made
// through `Wiring.Provider<Checkout>.get()` of a built component, against the same construction by hand
// (the singleton made once and kept) and Swinject's resolve. What an app does when a screen asks
// for a fresh object on every tap.

let providerScenario = Scenario(key: "provider", title: "3b. Provider.get() of an unscoped object of four parts") { context in
    let provider = try ComponentFactory.of(CheckoutComponent.self).build()
    let hand = HandCheckoutRoot()
    let swinject = CheckoutSwinject.container()
    let timings = try context.fastPlan.measure([
        Contender("hand-written") { n in
            for _ in 0..<n { blackHole(hand.checkout()) }
        },
        Contender("Wiring") { n in
            for _ in 0..<n { blackHole(provider.get()) }
        },
        Contender("Swinject") { n in
            for _ in 0..<n { blackHole(swinject.resolve(Checkout.self)!) }
        },
    ])
    let (handTiming, wired, swinjected) = (timings[0], timings[1], timings[2])
    context.add("hand-written", handTiming)
    context.add("Wiring: Provider.get()", wired, note: ratioNote(wired, over: handTiming, "hand-written"))
    context.add("Swinject: resolve", swinjected, note: ratioNote(swinjected, over: wired, "Wiring"))
}

final class CheckoutClock: Sendable { init() {} }
final class CheckoutCart: Sendable { init() {} }
final class CheckoutPricing: Sendable {
    let clock: CheckoutClock
    init(clock: CheckoutClock) { self.clock = clock }
}
final class Checkout: Sendable {
    let clock: CheckoutClock
    let cart: CheckoutCart
    let pricing: CheckoutPricing
    init(clock: CheckoutClock, cart: CheckoutCart, pricing: CheckoutPricing) {
        self.clock = clock
        self.cart = cart
        self.pricing = pricing
    }
}

/// The hand-written root: the clock made once, the rest on every call.
final class HandCheckoutRoot: Sendable {
    let clock = CheckoutClock()

    @inline(never)
    func checkout() -> Checkout {
        Checkout(clock: clock, cart: CheckoutCart(), pricing: CheckoutPricing(clock: clock))
    }
}

struct CheckoutComponent: RootComponent {
    typealias Root = Wiring.Provider<Checkout>

    static func configure(binder: Binder<Singleton>) {
        binder.bind(CheckoutClock.self).sharedInScope().to(factory: CheckoutClock.init)
        binder.bind(CheckoutCart.self).to(factory: CheckoutCart.init)
        binder.bind(CheckoutPricing.self).to(factory: CheckoutPricing.init)
        binder.bind(Checkout.self).to(factory: Checkout.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Wiring.Provider<Checkout>>) -> BindingReceipt<Wiring.Provider<Checkout>> {
        bind.to(factory: { (provider: Wiring.Provider<Checkout>) in provider })
    }
}

enum CheckoutSwinject {
    static func container() -> Container {
        let container = Container()
        container.register(CheckoutClock.self) { _ in CheckoutClock() }.inObjectScope(.container)
        container.register(CheckoutCart.self) { _ in CheckoutCart() }
        container.register(CheckoutPricing.self) { r in CheckoutPricing(clock: r.resolve(CheckoutClock.self)!) }
        container.register(Checkout.self) { r in
            Checkout(clock: r.resolve(CheckoutClock.self)!, cart: r.resolve(CheckoutCart.self)!, pricing: r.resolve(CheckoutPricing.self)!)
        }
        return container
    }
}
