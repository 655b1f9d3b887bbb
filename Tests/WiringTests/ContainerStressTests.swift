import Dispatch
import Synchronization
import Testing
import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ten thousand tasks building components and resolving them at once: every shared binding is
/// made exactly once per built component, a shared factory that resolves other shared bindings
/// (directly, through a `Provider`'s `get()` or through a `() -> T` it calls) never deadlocks,
/// and no two builds share an instance.
///
/// The graph is six shared levels deep (`Config` ← `Database` ← `Repository` ← `Service` ←
/// `Controller` ← `Gateway`), plus a `Cache` that calls a `() -> Repository` in its factory, a
/// `SlowIndex` whose factory sleeps, and an unscoped `Request` on top of them all. Each build's
/// seed is a `Ledger` that counts the constructions of that build.
@Suite(.tags(.concurrency))
struct ContainerStressTests {
    @Test func tenThousandConcurrentGetsOnOneBuildMakeEachSharedBindingOnce() async throws {
        let ledger = Ledger()
        let handles = try ComponentFactory.of(LayeredRoot.self).build(ledger)
        guard let sightings = await watchdog("10,000 gets on one build", total: 10_000, { progress in
            await withTaskGroup(of: Sighting.self) { group in
                for index in 0..<10_000 {
                    group.addTask { progress.after(handles.resolve(Entry.allCases[index % Entry.allCases.count])) }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }) else { return }
        let requests = (0..<10_000).count { Entry.allCases[$0 % Entry.allCases.count] == .request }
        #expect(ledger.constructions == [
            "Config": 1, "Database": 1, "Repository": 1, "Service": 1, "Controller": 1,
            "Gateway": 1, "Cache": 1, "SlowIndex": 1, "Request": requests,
        ])
        let snapshot = handles.resolveEverything()
        #expect(snapshot.conflicts == [])
        #expect(snapshot.shared.count == 8)
        #expect(Sighting.union(sightings) == snapshot.shared.mapValues { [$0] })
        let conflicts: [String] = sightings.flatMap(\.conflicts)
        #expect(conflicts == [])
        #expect(Set(sightings.compactMap(\.request)).count == requests)
    }

    @Test func tenThousandConcurrentBuildsEachMakeTheirOwnSharedInstances() async throws {
        let factory = try ComponentFactory.of(LayeredRoot.self)
        guard let builds = await watchdog("10,000 concurrent builds", total: 10_000, { progress in
            await withTaskGroup(of: (Handles, Sighting, Sighting).self) { group in
                for index in 0..<10_000 {
                    group.addTask {
                        let handles = factory.build(Ledger())
                        let entry = Entry.allCases[index % Entry.allCases.count]
                        return progress.after((handles, handles.resolve(entry), handles.resolve(entry)))
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }) else { return }
        var configs = Set<ObjectIdentifier>()
        for (handles, first, second) in builds {
            #expect(first.conflicts == [] && second.conflicts == [])
            #expect(first.shared == second.shared)
            #expect(handles.ledger.constructions == first.expectedConstructions(requests: first.request == nil ? 0 : 2))
            if let config = first.shared["Config"] { configs.insert(config) }
        }
        // Every entry reaches `Config`: one per build, none shared between builds.
        #expect(configs.count == 10_000)
    }

    @Test func aHundredBuildsEachResolvedByAHundredTasksAtOnceStayApart() async throws {
        let factory = try ComponentFactory.of(LayeredRoot.self)
        let builds = (0..<100).map { _ in factory.build(Ledger()) }
        guard let sightings = await watchdog("100 builds × 100 tasks", total: 10_000, { progress in
            await withTaskGroup(of: (Int, Sighting).self) { group in
                for index in 0..<10_000 {
                    let build = index % builds.count
                    let entry = Entry.allCases[(index / builds.count) % Entry.allCases.count]
                    group.addTask { [handles = builds[build]] in progress.after((build, handles.resolve(entry))) }
                }
                return await group.reduce(into: [Int: [Sighting]]()) { $0[$1.0, default: []].append($1.1) }
            }
        }) else { return }
        var everySnapshot = Set<ObjectIdentifier>()
        for (build, handles) in builds.enumerated() {
            let seen = sightings[build] ?? []
            #expect(seen.count == 100)
            let conflicts: [String] = seen.flatMap(\.conflicts)
            #expect(conflicts == [])
            let requests = seen.filter { $0.request != nil }.count
            let snapshot = handles.resolveEverything()
            #expect(Sighting.union(seen) == snapshot.shared.mapValues { [$0] })
            #expect(handles.ledger.constructions == snapshot.expectedConstructions(requests: requests + 1))
            everySnapshot.formUnion(snapshot.shared.values)
        }
        let sharedPerBuild = 8
        #expect(everySnapshot.count == 100 * sharedPerBuild)
    }

    @Test func tasksThatArriveWhileSlowSharedFactoriesRunWaitForTheirInstances() async throws {
        let factory = try ComponentFactory.of(LayeredRoot.self)
        // Every shared factory sleeps a millisecond, so while one task builds the six-level chain
        // the other tasks of the build wait on the levels it holds.
        let builds = (0..<10).map { _ in factory.build(Ledger(delay: .milliseconds(1))) }
        guard let sightings = await watchdog("slow shared factories", total: 10_000, { progress in
            await withTaskGroup(of: (Int, Sighting).self) { group in
                for index in 0..<10_000 {
                    let build = index % builds.count
                    let entry: Entry = index % 3 == 0 ? .slowIndex : index % 3 == 1 ? .gateway : .cache
                    group.addTask { [handles = builds[build]] in progress.after((build, handles.resolve(entry))) }
                }
                return await group.reduce(into: [Int: [Sighting]]()) { $0[$1.0, default: []].append($1.1) }
            }
        }) else { return }
        for (build, handles) in builds.enumerated() {
            let seen = sightings[build] ?? []
            #expect(seen.count == 1_000)
            let conflicts: [String] = seen.flatMap(\.conflicts)
            #expect(conflicts == [])
            let snapshot = handles.resolveEverything()
            #expect(Sighting.union(seen) == snapshot.shared.mapValues { [$0] })
            #expect(handles.ledger.constructions == snapshot.expectedConstructions(requests: 1))
        }
    }

    @Test func sharedFactoriesThatCallProvidersRaceTheChainsTheyReachOnFreshBuilds() async throws {
        // `Gateway`'s factory calls `Provider<Controller>.get()` while other tasks of the same
        // fresh build climb the same chain from the bottom (`Config`) and the middle
        // (`Repository`, whose factory calls `Provider<Config>.get()`; `Service`, whose factory
        // calls a `() -> Database`). The tasks of one build are queued next to each other, so the
        // pool's threads pick them up together.
        let factory = try ComponentFactory.of(LayeredRoot.self)
        let order: [Entry] = [.gateway, .config, .repository, .controller, .cache, .service, .database, .slowIndex]
        let builds = (0..<1_250).map { _ in factory.build(Ledger()) }
        guard let sightings = await watchdog("provider get() inside shared factories", total: builds.count * order.count, { progress in
            await withTaskGroup(of: (Int, Sighting).self) { group in
                for (build, handles) in builds.enumerated() {
                    for entry in order {
                        group.addTask { progress.after((build, handles.resolve(entry))) }
                    }
                }
                return await group.reduce(into: [Int: [Sighting]]()) { $0[$1.0, default: []].append($1.1) }
            }
        }) else { return }
        let sighted: Int = sightings.values.reduce(0) { (total: Int, seen: [Sighting]) in total + seen.count }
        #expect(sighted == 10_000)
        for (build, handles) in builds.enumerated() {
            let seen = sightings[build] ?? []
            let conflicts: [String] = seen.flatMap(\.conflicts)
            #expect(conflicts == [])
            let snapshot = handles.resolveEverything()
            #expect(Sighting.union(seen) == snapshot.shared.mapValues { [$0] })
            #expect(handles.ledger.constructions == snapshot.expectedConstructions(requests: 1))
        }
    }
}

// MARK: - Fixtures

/// Runs `body`, whose `total` units of work each call `progress.advance()` when done, and watches
/// for progress rather than for a deadline: a slow machine only makes each unit take longer, so
/// the run is given up only when no unit finished for `window` while the pool ran other work and
/// some units were still outstanding, which a deadlocked shared factory does and a busy machine
/// does not (`StallDetector`). Giving up
/// records a failure saying how many units were stuck and lets the run go on (the stuck tasks
/// stay blocked, but the rest of the suite still reports); nil then.
private func watchdog<T: Sendable>(
    _ what: String, total: Int, window: Duration = .seconds(120),
    sourceLocation: Testing.SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable (ProgressCounter) async -> T
) async -> T? {
    switch await ProgressWatch.run(total: total, window: window, body) {
    case let .finished(value):
        return value
    case let .stalled(done):
        Issue.record(
            "ContainerStressTests: \(what) made no progress for \(window) of a running pool (or the pool ran nothing for 30 minutes): \(total - done) of \(total) tasks stuck (\(done) finished); a shared binding is deadlocked",
            sourceLocation: sourceLocation
        )
        return nil
    }
}

/// Counts the constructions of one build.
///
/// With atomics rather than a `Mutex`: ThreadSanitizer cannot see the synchronization of
/// `Synchronization.Mutex` on Linux (its lock is a futex inside the standard library) and would
/// report the counts as races under `Scripts/test-thread-sanitizer`.
private final class Ledger: Sendable {
    static let names = ["Config", "Database", "Repository", "Service", "Controller", "Gateway", "Cache", "SlowIndex", "Request"]

    let delay: Duration
    private let counts: [String: Tally]

    init(delay: Duration = .zero) {
        self.delay = delay
        self.counts = Dictionary(uniqueKeysWithValues: Self.names.map { ($0, Tally()) })
    }

    /// The constructions so far, by type; types never constructed are left out.
    var constructions: [String: Int] {
        counts.compactMapValues { tally in
            let count = tally.value.load(ordering: .acquiring)
            return count == 0 ? nil : count
        }
    }

    /// Records one construction; a shared factory also sleeps for the ledger's delay.
    func record(_ name: String, shared: Bool = true) {
        counts[name]?.value.add(1, ordering: .acquiringAndReleasing)
        if shared, delay > .zero {
            let (seconds, attoseconds) = delay.components
            usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
    }

    private final class Tally: Sendable {
        let value = Atomic(0)
    }
}

/// What one resolve saw: the identity of every shared instance reachable from the value, and
/// the names of the shared types reached twice as different instances.
private struct Sighting: Sendable {
    var shared: [String: ObjectIdentifier] = [:]
    var request: ObjectIdentifier?
    var conflicts: [String] = []
    /// Keeps a resolved `Request` alive, so that no two requests can share an address.
    var keptAlive: Request?

    mutating func saw(_ name: String, _ object: AnyObject) {
        let identity = ObjectIdentifier(object)
        if let earlier = shared[name], earlier != identity { conflicts.append(name) }
        shared[name] = identity
    }

    /// What the ledger of a build that made exactly these shared instances holds.
    func expectedConstructions(requests: Int) -> [String: Int] {
        var expected = shared.mapValues { _ in 1 }
        if requests > 0 { expected["Request"] = requests }
        return expected
    }

    static func union(_ sightings: [Sighting]) -> [String: Set<ObjectIdentifier>] {
        sightings.reduce(into: [:]) { union, sighting in
            for (name, identity) in sighting.shared { union[name, default: []].insert(identity) }
        }
    }
}

/// The entry points the tasks resolve, each reached a different way.
private enum Entry: CaseIterable {
    case config, database, repository, service, controller, gateway, cache, slowIndex, request
}

private final class Config: Sendable {
    init(ledger: Ledger) { ledger.record("Config") }
    func sight(_ sighting: inout Sighting) { sighting.saw("Config", self) }
}

private final class Database: Sendable {
    let config: Config
    init(ledger: Ledger, config: Config) {
        self.config = config
        ledger.record("Database")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("Database", self)
        config.sight(&sighting)
    }
}

private final class Repository: Sendable {
    let database: Database
    let config: Config
    /// Calls a provider of another shared binding inside this shared factory.
    init(ledger: Ledger, database: Database, config: Provider<Config>) {
        self.database = database
        self.config = config.get()
        ledger.record("Repository")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("Repository", self)
        database.sight(&sighting)
        config.sight(&sighting)
    }
}

private final class Service: Sendable {
    let repository: Repository
    let database: Database
    /// Calls a `@Sendable () -> Database` inside this shared factory.
    init(ledger: Ledger, repository: Repository, database: @Sendable () -> Database) {
        self.repository = repository
        self.database = database()
        ledger.record("Service")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("Service", self)
        repository.sight(&sighting)
        database.sight(&sighting)
    }
}

private final class Controller: Sendable {
    let service: Service
    init(ledger: Ledger, service: Service) {
        self.service = service
        ledger.record("Controller")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("Controller", self)
        service.sight(&sighting)
    }
}

private final class Gateway: Sendable {
    let controller: Controller
    /// Reaches five shared levels through a provider called inside this shared factory.
    init(ledger: Ledger, controller: Provider<Controller>) {
        self.controller = controller.get()
        ledger.record("Gateway")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("Gateway", self)
        controller.sight(&sighting)
    }
}

private final class Cache: Sendable {
    let repository: Repository
    /// Calls a plain `() -> Repository` inside this shared factory.
    init(ledger: Ledger, repository: () -> Repository) {
        self.repository = repository()
        ledger.record("Cache")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("Cache", self)
        repository.sight(&sighting)
    }
}

private final class SlowIndex: Sendable {
    let service: Service
    init(ledger: Ledger, service: Service) {
        self.service = service
        ledger.record("SlowIndex")
    }
    func sight(_ sighting: inout Sighting) {
        sighting.saw("SlowIndex", self)
        service.sight(&sighting)
    }
}

/// Unscoped: a new request for every resolve, on top of every shared level.
private final class Request: Sendable {
    let gateway: Gateway
    let cache: Cache
    let index: SlowIndex
    init(ledger: Ledger, gateway: Gateway, cache: Cache, index: SlowIndex) {
        self.gateway = gateway
        self.cache = cache
        self.index = index
        ledger.record("Request", shared: false)
    }
    func sight(_ sighting: inout Sighting) {
        sighting.request = ObjectIdentifier(self)
        sighting.keptAlive = self
        gateway.sight(&sighting)
        cache.sight(&sighting)
        index.sight(&sighting)
    }
}

/// The root: a provider (or a closure) of every binding, and the build's ledger.
private struct Handles: Sendable {
    let ledger: Ledger
    let config: Provider<Config>
    let database: Provider<Database>
    let repository: Provider<Repository>
    let service: Provider<Service>
    let controller: Provider<Controller>
    let gateway: Provider<Gateway>
    let cache: @Sendable () -> Cache
    let slowIndex: Provider<SlowIndex>
    let request: Provider<Request>

    func resolve(_ entry: Entry) -> Sighting {
        var sighting = Sighting()
        switch entry {
        case .config: config.get().sight(&sighting)
        case .database: database.get().sight(&sighting)
        case .repository: repository.get().sight(&sighting)
        case .service: service.get().sight(&sighting)
        case .controller: controller.get().sight(&sighting)
        case .gateway: gateway.get().sight(&sighting)
        case .cache: cache().sight(&sighting)
        case .slowIndex: slowIndex.get().sight(&sighting)
        case .request: request.get().sight(&sighting)
        }
        return sighting
    }

    /// One sighting through a new `Request`, which reaches every shared instance.
    func resolveEverything() -> Sighting {
        resolve(.request)
    }
}

private struct LayeredRoot: RootComponent {
    typealias Seed = Ledger
    typealias Root = Handles

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Config.self).sharedInScope().to(factory: Config.init)
        binder.bind(Database.self).sharedInScope().to(factory: Database.init)
        binder.bind(Repository.self).sharedInScope().to(factory: Repository.init)
        // An initialiser that takes a non-escaping closure binds through a closure: Swift 6.3
        // cannot pass it through `to(factory:)`'s parameter pack.
        binder.bind(Service.self).sharedInScope().to { (ledger: Ledger, repository: Repository, database: @escaping @Sendable () -> Database) in
            Service(ledger: ledger, repository: repository, database: database)
        }
        binder.bind(Controller.self).sharedInScope().to(factory: Controller.init)
        binder.bind(Gateway.self).sharedInScope().to(factory: Gateway.init)
        binder.bind(Cache.self).sharedInScope().to { (ledger: Ledger, repository: @escaping () -> Repository) in
            Cache(ledger: ledger, repository: repository)
        }
        binder.bind(SlowIndex.self).sharedInScope().to(factory: SlowIndex.init)
        binder.bind(Request.self).to(factory: Request.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Handles>) -> BindingReceipt<Handles> {
        bind.to(factory: Handles.init)
    }
}
