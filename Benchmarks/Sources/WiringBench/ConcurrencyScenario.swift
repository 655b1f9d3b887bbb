internal import BenchmarkSupport
internal import Swinject
internal import Wiring

// Scenario 7: one built graph resolved from 2 and from 8 tasks at once (on this machine's
// cooperative pool, one thread per core). Each resolve makes a `Dashboard` from five bindings
// shared in the component's scope, all made before timing: the work is one allocation and five
// shared hits. Hand-written: a `Sendable` component whose shared objects are `let`s made up
// front. Swinject: `container.synchronize()`, its thread-safe resolver, over `.container`-scoped
// services.

let concurrencyScenario = Scenario(key: "concurrency", title: "7. Concurrency (one graph, many tasks)") { context in
    let provider = try ComponentFactory.of(DashboardComponent.self).build()
    blackHole(provider.get())
    let hand = HandDashboardComponent()
    let swinject = DashboardSwinject.resolver()
    blackHole(swinject.resolver.resolve(Dashboard.self))
    let plan = Interleaved(rounds: context.isQuick ? 5 : 15, minimumBatch: .milliseconds(context.isQuick ? 20 : 50), warmUpBatches: 1)
    for tasks in [2, 8] {
        let timings = try plan.measure([
            Contender("hand-written") { n in try resolveConcurrently(tasks: tasks, total: n) { hand.dashboard() } },
            Contender("Wiring") { n in try resolveConcurrently(tasks: tasks, total: n) { provider.get() } },
            Contender("Swinject") { n in try resolveConcurrently(tasks: tasks, total: n) { swinject.resolver.resolve(Dashboard.self)! } },
        ])
        let (byHand, wired, swinjected) = (timings[0], timings[1], timings[2])
        let millions = "M resolves/s"
        context.add("\(tasks) tasks: hand-written", value: byHand.operationsPerSecond * 1e-6, unit: millions,
                    note: spread(byHand))
        context.add("\(tasks) tasks: Wiring", value: wired.operationsPerSecond * 1e-6, unit: millions,
                    note: "\(Report.ratio(wired.operationsPerSecond / byHand.operationsPerSecond)) hand-written; \(spread(wired))")
        context.add("\(tasks) tasks: Swinject", value: swinjected.operationsPerSecond * 1e-6, unit: millions,
                    note: "Wiring is \(Report.ratio(swinjected.median / wired.median)) faster; \(spread(swinjected))")
    }
}

/// The slowest and fastest rounds, in millions per second.
private func spread(_ timing: Timing) -> String {
    "rounds \(Report.format(1e3 / timing.max)) … \(Report.format(1e3 / timing.min))"
}

/// Resolves `total` times, split over `tasks` child tasks, and waits for all of them.
private func resolveConcurrently<T>(tasks: Int, total: Int, _ resolve: @escaping @Sendable () -> T) throws {
    let share = Swift.max(1, total / tasks)
    try runBlocking {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<share { blackHole(resolve()) }
                }
            }
        }
    }
}

// MARK: - The graph

final class DashboardClock: Sendable { let zone = 0; init() {} }
final class DashboardSettings: Sendable { let refresh = 60; init() {} }
final class DashboardLogger: Sendable { let level = 1; init() {} }
final class DashboardSession: Sendable {
    let settings: DashboardSettings
    let logger: DashboardLogger
    init(settings: DashboardSettings, logger: DashboardLogger) {
        self.settings = settings
        self.logger = logger
    }
}
final class DashboardCache: Sendable {
    let clock: DashboardClock
    init(clock: DashboardClock) { self.clock = clock }
}

final class Dashboard: Sendable {
    let clock: DashboardClock
    let settings: DashboardSettings
    let logger: DashboardLogger
    let session: DashboardSession
    let cache: DashboardCache

    init(clock: DashboardClock, settings: DashboardSettings, logger: DashboardLogger, session: DashboardSession, cache: DashboardCache) {
        self.clock = clock
        self.settings = settings
        self.logger = logger
        self.session = session
        self.cache = cache
    }
}

final class HandDashboardComponent: Sendable {
    let clock = DashboardClock()
    let settings = DashboardSettings()
    let logger = DashboardLogger()
    let session: DashboardSession
    let cache: DashboardCache

    init() {
        session = DashboardSession(settings: settings, logger: logger)
        cache = DashboardCache(clock: clock)
    }

    func dashboard() -> Dashboard {
        Dashboard(clock: clock, settings: settings, logger: logger, session: session, cache: cache)
    }
}

struct DashboardComponent: RootComponent {
    typealias Root = Wiring.Provider<Dashboard>
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.bind(DashboardClock.self).sharedInScope().to(factory: DashboardClock.init)
        binder.bind(DashboardSettings.self).sharedInScope().to(factory: DashboardSettings.init)
        binder.bind(DashboardLogger.self).sharedInScope().to(factory: DashboardLogger.init)
        binder.bind(DashboardSession.self).sharedInScope().to(factory: DashboardSession.init)
        binder.bind(DashboardCache.self).sharedInScope().to(factory: DashboardCache.init)
        binder.bind(Dashboard.self).to(factory: Dashboard.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Wiring.Provider<Dashboard>>) -> BindingReceipt<Wiring.Provider<Dashboard>> {
        bind.to { (dashboard: Wiring.Provider<Dashboard>) in dashboard }
    }
}

/// Swinject's synchronized resolver, which may be used from any thread.
struct DashboardSwinject: @unchecked Sendable {
    // Safe to share: `Container.synchronize()` returns a resolver whose every call takes the
    // container's lock; Swinject documents it for use from several threads.
    let resolver: any Resolver

    static func resolver() -> DashboardSwinject {
        let container = Container()
        container.register(DashboardClock.self) { _ in DashboardClock() }.inObjectScope(.container)
        container.register(DashboardSettings.self) { _ in DashboardSettings() }.inObjectScope(.container)
        container.register(DashboardLogger.self) { _ in DashboardLogger() }.inObjectScope(.container)
        container.register(DashboardSession.self) { r in
            DashboardSession(settings: r.resolve(DashboardSettings.self)!, logger: r.resolve(DashboardLogger.self)!)
        }.inObjectScope(.container)
        container.register(DashboardCache.self) { r in DashboardCache(clock: r.resolve(DashboardClock.self)!) }.inObjectScope(.container)
        container.register(Dashboard.self) { r in
            Dashboard(
                clock: r.resolve(DashboardClock.self)!, settings: r.resolve(DashboardSettings.self)!,
                logger: r.resolve(DashboardLogger.self)!, session: r.resolve(DashboardSession.self)!,
                cache: r.resolve(DashboardCache.self)!
            )
        }
        return DashboardSwinject(resolver: container.synchronize())
    }
}
