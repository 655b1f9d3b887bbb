import Synchronization
import Testing
import Wiring

/// A component built again and again reuses the storage of its last build when nothing kept it:
/// every build still makes its own shared values, stores its own seed, and reaches its own
/// parent, and the storage kept for the next build holds nothing of the last one.
@Suite(.serialized, .tags(.concurrency))
struct InstanceReuseTests {
    @Test func everyBuildMakesItsOwnSharedValues() throws {
        let factory = try ComponentFactory.of(ReuseRoot.self)
        let before = ReuseTracked.live
        var serials: [Int] = []
        for _ in 0..<3 {
            let graph = factory.build()
            #expect(graph.first === graph.second)
            serials.append(graph.first.serial)
        }
        #expect(Set(serials).count == 3)
        #expect(ReuseTracked.live == before)
    }

    @Test func aSharedValueTheLastRootKeepsIsNotTheNextBuildsValue() throws {
        let factory = try ComponentFactory.of(ReuseRoot.self)
        let first = factory.build()
        let second = factory.build()
        #expect(first.first !== second.first)
        #expect(second.first === second.second)
    }

    @Test func everyBuildStoresItsOwnSeed() throws {
        let factory = try ComponentFactory.of(SeededReuseRoot.self)
        #expect(factory.build("first").greeting == "Hello, first")
        #expect(factory.build("second").greeting == "Hello, second")
        #expect(factory.build("third").greeting == "Hello, third")
    }

    @Test func aSubcomponentBuiltAgainReachesItsNewParentAndKeepsNoOldOne() throws {
        let hosts = try ComponentFactory.of(ReuseHostRoot.self)
        let before = ReuseTracked.live
        var first: ReuseHost? = hosts.build()
        weak let firstShared = first?.shared
        #expect(first?.guests.build().shared === firstShared)
        first = nil
        // The guest's storage, kept for the guest's next build, does not hold the first host's.
        #expect(firstShared == nil)
        #expect(ReuseTracked.live == before)

        let second = hosts.build()
        #expect(second.guests.build().shared === second.shared)
    }

    @Test func buildsOnManyThreadsEachGetTheirOwnSharedValues() async throws {
        let factory = try ComponentFactory.of(ReuseRoot.self)
        let serials = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<200).map { _ in
                        let graph = factory.build()
                        return graph.first === graph.second ? graph.first.serial : -1
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(serials.count == 1_600)
        #expect(!serials.contains(-1))
        #expect(Set(serials).count == 1_600)
    }
}

// MARK: - Fixtures

/// Counts its live instances, so a test can see a shared value go.
private final class ReuseTracked: Sendable {
    // Atomics rather than a `Mutex`: builds on many threads make these, and ThreadSanitizer
    // reports Swift access races inside `Mutex.withLock`'s closure.
    static let liveCount = Atomic(0)
    static let serials = Atomic(0)
    let serial: Int

    static var live: Int { liveCount.load(ordering: .sequentiallyConsistent) }

    init() {
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        Self.liveCount.add(1, ordering: .sequentiallyConsistent)
    }

    deinit {
        Self.liveCount.subtract(1, ordering: .sequentiallyConsistent)
    }
}

private struct ReuseGraph { let first: ReuseTracked; let second: ReuseTracked }

private struct ReuseRoot: RootComponent {
    typealias Root = ReuseGraph
    static func configure(binder: Binder<Singleton>) {
        binder.bind(ReuseTracked.self).sharedInScope().to(factory: ReuseTracked.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ReuseGraph>) -> BindingReceipt<ReuseGraph> {
        bind.to(factory: ReuseGraph.init)
    }
}

private struct SeededGraph { let greeting: String }

private struct SeededReuseRoot: RootComponent {
    typealias Seed = String
    typealias Root = SeededGraph
    static func configure(binder: Binder<Singleton>) {
        binder.bind(SeededGraph.self).sharedInScope().to { (name: String) in SeededGraph(greeting: "Hello, \(name)") }
    }
    static func configureRoot(binder bind: ReceiptBinder<SeededGraph>) -> BindingReceipt<SeededGraph> {
        bind.to { (graph: SeededGraph) in graph }
    }
}

private struct GuestScope: Scope {}

private struct ReuseGuest { let shared: ReuseTracked }

private struct ReuseGuestComponent: Component {
    typealias Root = ReuseGuest
    static func configure(binder: Binder<GuestScope>) {}
    static func configureRoot(binder bind: ReceiptBinder<ReuseGuest>) -> BindingReceipt<ReuseGuest> {
        bind.to(factory: ReuseGuest.init)
    }
}

private struct ReuseHost {
    let shared: ReuseTracked
    let guests: ComponentFactory<ReuseGuestComponent>
}

private struct ReuseHostRoot: RootComponent {
    typealias Root = ReuseHost
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: ReuseGuestComponent.self)
        binder.bind(ReuseTracked.self).sharedInScope().to(factory: ReuseTracked.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ReuseHost>) -> BindingReceipt<ReuseHost> {
        bind.to(factory: ReuseHost.init)
    }
}
