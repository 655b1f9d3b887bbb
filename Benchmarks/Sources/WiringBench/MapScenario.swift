internal import BenchmarkSupport
internal import Wiring

// Scenario 13: a map of 100 entries, each contributed with `intoMap(key:)` by its own binding,
// resolved whole (`[String: Route]`, every entry made) and as providers
// (`[String: Provider<Route>]`, none made). The hand-written baselines build the same
// dictionary on each call: the 100 values inserted under their keys, and the 100 factory
// closures inserted under their keys. Swinject has no keyed collections.

let mapScenario = Scenario(key: "map", title: "13. Map of 100 entries") { context in
    let factory = try ComponentFactory.of(RoutesComponent.self)
    let routes = factory.build()
    let keys = opaque(routeKeys)
    let makers = opaque(routeMakers)
    let timings = try context.fastPlan.measure([
        Contender("hand-written values") { n in
            for _ in 0..<n { blackHole(makeRoutesByHand(keys)) }
        },
        Contender("Wiring values") { n in
            for _ in 0..<n { blackHole(routes.values.get()) }
        },
        Contender("hand-written factories") { n in
            for _ in 0..<n { blackHole(makeRouteFactoriesByHand(keys, makers)) }
        },
        Contender("Wiring providers") { n in
            for _ in 0..<n { blackHole(routes.providers.get().routes) }
        },
    ])
    let (hand, wired, handFactories, providers) = (timings[0], timings[1], timings[2], timings[3])
    context.add("hand-written: insert 100 values", hand)
    context.add("Wiring: [String: Route]", wired, note: ratioNote(wired, over: hand, "hand-written"))
    context.add("hand-written: insert 100 factory closures", handFactories)
    context.add("Wiring: [String: Provider<Route>]", providers, note: ratioNote(providers, over: handFactories, "hand-written"))
    context.report.check(
        "map of 100 entries ≤ 1.5× hand-written", measured: Report.ratio(wired.median / hand.median), isMet: wired.median <= 1.5 * hand.median
    )
    context.report.check(
        "map of 100 providers ≤ 1.5× hand-written", measured: Report.ratio(providers.median / handFactories.median),
        isMet: providers.median <= 1.5 * handFactories.median
    )
}

final class Route: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

let routeKeys: [String] = (0..<100).map { "route-\($0)" }

let routeMakers: [@Sendable () -> Route] = (0..<100).map { number in { Route(number: number) } }

/// The map as code without a container builds it: each value made and inserted under its key.
@inline(never)
func makeRoutesByHand(_ keys: [String]) -> [String: Route] {
    var routes: [String: Route] = Dictionary(minimumCapacity: keys.count)
    for (number, key) in keys.enumerated() {
        routes[key] = Route(number: number)
    }
    return routes
}

/// The lazy map as code without a container builds it: each factory inserted under its key.
@inline(never)
func makeRouteFactoriesByHand(_ keys: [String], _ makers: [@Sendable () -> Route]) -> [String: @Sendable () -> Route] {
    var routes: [String: @Sendable () -> Route] = Dictionary(minimumCapacity: keys.count)
    for (key, make) in zip(keys, makers) {
        routes[key] = make
    }
    return routes
}

struct RoutesComponent: RootComponent {
    struct Routes {
        let values: Wiring.Provider<[String: Route]>
        let providers: Wiring.Provider<RouteTable>
    }

    /// Takes the map of providers: a `Provider` of `[String: Provider<Route>]` itself is not a
    /// request Wiring understands (a wrapper of a wrapper).
    struct RouteTable {
        let routes: [String: Wiring.Provider<Route>]
    }

    typealias Root = Routes

    static func configure(binder: Binder<Unscoped>) {
        for (number, key) in routeKeys.enumerated() {
            binder.bind(Route.self).intoMap(key: key).to { Route(number: number) }
        }
        binder.bind(RouteTable.self).to(factory: RouteTable.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Routes>) -> BindingReceipt<Routes> {
        bind.to(factory: Routes.init)
    }
}
