internal import BenchmarkSupport
internal import ProbeGraphs
internal import Swinject
internal import Wiring

// Scenario 3c: an unscoped object of four parts, one of them a singleton shared in the root, made
// through `Wiring.Provider<Checkout>.get()` of a built component, against the same construction by hand
// (the singleton made once and kept) and Swinject's resolve. What an app does when a screen asks
// for a fresh object on every tap.

let providerScenario = Scenario(key: "provider", title: "3c. Provider.get() of an unscoped object of four parts") { context in
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
    let overHand = wired.median / handTiming.median
    context.report.check(
        "Provider.get() of an unscoped object of four parts ≤ 1.15× hand-written (in time; CI holds its instructions)",
        measured: Report.ratio(overHand), isMet: overHand <= 1.15
    )
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
