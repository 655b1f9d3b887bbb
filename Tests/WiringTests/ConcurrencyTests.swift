import Foundation
import Synchronization
import Testing
import Wiring

/// A built component can be used from any task; shared bindings are made exactly once.
struct ConcurrencyTests {
    @Test func aThousandConcurrentResolvesOfOneSingletonMakeExactlyOneInstance() async throws {
        let counter = Counter()
        let root = try ComponentFactory.of(CountingRoot.self).build(counter)
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ObjectIdentifier(root.get()) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identifiers.count == 1)
        #expect(counter.value == 1)
    }

    @Test func resolvesThatArriveWhileASlowFactoryRunsWaitForItsInstance() async throws {
        let counter = Counter(delay: .milliseconds(20))
        let root = try ComponentFactory.of(CountingRoot.self).build(counter)
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<64 {
                group.addTask { ObjectIdentifier(root.get()) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identifiers.count == 1)
        #expect(counter.value == 1)
    }

    @Test func concurrentBuildsEachMakeTheirOwnSingleton() async throws {
        let counter = Counter()
        let factory = try ComponentFactory.of(CountingRoot.self)
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    let root = factory.build(counter)
                    let first = root.get()
                    #expect(first === root.get())
                    return ObjectIdentifier(first)
                }
            }
            var all: [ObjectIdentifier] = []
            for await identifier in group { all.append(identifier) }
            return all
        }
        #expect(identifiers.count == 200)
        #expect(counter.value == 200)
    }

    @Test func aSingletonWhoseFactoryResolvesAnotherSingletonDoesNotDeadlock() async throws {
        let counter = Counter()
        let root = try ComponentFactory.of(CountingRoot.self).build(counter)
        let outers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<500 {
                group.addTask { ObjectIdentifier(root.outer()) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(outers.count == 1)
        #expect(counter.value == 1)
    }

    @Test func aSharedValueClaimedBeforeItsBuildEscapesIsWaitedForByAnotherTask() async throws {
        // `Beacon` is claimed while its build has not escaped, so without a compare-and-swap.
        // Its factory's `Provider<Beacon>` then escapes the build, and another task asks that
        // provider for the `Beacon` being made: it must wait for it, not make a second one.
        let made = Counter()
        let factory = try ComponentFactory.of(BeaconRoot.self)
        for _ in 0..<20 {
            let beacon = factory.build(made)
            #expect(await beacon.seenByHelper.value == ObjectIdentifier(beacon))
        }
        #expect(made.value == 20)
    }
}

// MARK: - Fixtures

/// A shared value whose factory, before it returns, has another task ask for it.
private final class Beacon: Sendable {
    /// What the other task got from `Provider<Beacon>`.
    let seenByHelper: Task<ObjectIdentifier, Never>

    init(made: Counter, itself: Provider<Beacon>) {
        made.increment()
        let started = Counter()
        seenByHelper = Task.detached {
            started.increment()
            return ObjectIdentifier(itself.get())
        }
        // Give the task a second to start, then a moment to reach the slot and wait on it.
        var waited = 0
        while started.value == 0, waited < 1_000 {
            usleep(1_000)
            waited += 1
        }
        usleep(2_000)
    }
}

private struct BeaconRoot: RootComponent {
    typealias Seed = Counter
    typealias Root = Beacon
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Beacon.self).sharedInScope().to(factory: Beacon.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Beacon>) -> BindingReceipt<Beacon> {
        bind.to { (beacon: Beacon) in beacon }
    }
}

/// Counts with an atomic, which ThreadSanitizer follows (it cannot see `Mutex` on Linux).
private final class Counter: Sendable {
    let delay: Duration
    private let count = Atomic(0)
    init(delay: Duration = .zero) { self.delay = delay }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
}

private final class Expensive: Sendable {
    init(counter: Counter) {
        counter.increment()
        if counter.delay > .zero {
            let (seconds, attoseconds) = counter.delay.components
            usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
    }
}

private final class Outer: Sendable {
    let inner: Expensive
    init(inner: Expensive) { self.inner = inner }
}

private struct CountingRoot: RootComponent {
    typealias Seed = Counter
    typealias Root = Roots
    struct Roots: Sendable {
        let get: @Sendable () -> Expensive
        let outer: @Sendable () -> Outer
    }
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Expensive.self).sharedInScope().to(factory: Expensive.init)
        binder.bind(Outer.self).sharedInScope().to(factory: Outer.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Roots>) -> BindingReceipt<Roots> {
        bind.to { (expensive: Provider<Expensive>, outer: Provider<Outer>) in
            Roots(get: { expensive.get() }, outer: { outer.get() })
        }
    }
}
