import Foundation
import Synchronization
import Testing
import Wiring

/// A built component can be used from any task; shared bindings are made exactly once.
@Suite(.tags(.concurrency))
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
        // Eight threads (not tasks: the cooperative pool may have a single thread) ask for the
        // singleton at once. Its factory runs on whichever claims it, and does not return until
        // each of the seven others is seen waiting inside Wiring for the instance.
        let askers = (0..<8).map { _ in Asker() }
        let counter = Counter(whileMaking: { counter in
            for asker in askers where !asker.isCurrentThread && !asker.waitUntilWaiting() {
                counter.missedAWait()
            }
        })
        let root = try ComponentFactory.of(CountingRoot.self).build(counter)
        let identifiers = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for asker in askers {
                group.addTask { await asker.ask { ObjectIdentifier(root.get()) } }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identifiers.count == 1)
        #expect(counter.value == 1)
        #expect(counter.missedWaits == 0, "an asker was not seen waiting while the factory ran")
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
        #expect(made.missedWaits == 0, "the helper was not seen waiting while the factory ran")
    }
}

// MARK: - Fixtures

/// A shared value whose factory, before it returns, has another thread ask for it, and waits
/// until that thread is waiting for it.
private final class Beacon: Sendable {
    /// What the other thread got from `Provider<Beacon>`.
    let seenByHelper: Task<ObjectIdentifier, Never>

    init(made: Counter, itself: Provider<Beacon>) {
        made.increment()
        // A thread, not a task: this factory blocks its own thread, which may be the cooperative
        // pool's only one.
        let helper = Asker()
        let (seen, delivery) = AsyncStream.makeStream(of: ObjectIdentifier.self)
        helper.start {
            delivery.yield(ObjectIdentifier(itself.get()))
            delivery.finish()
        }
        seenByHelper = Task { await seen.first { _ in true }! }
        if !helper.waitUntilWaiting() { made.missedAWait() }
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
    /// What `Expensive`'s factory does before it returns.
    let whileMaking: @Sendable (Counter) -> Void
    private let count = Atomic(0)
    private let misses = Atomic(0)
    init(whileMaking: @escaping @Sendable (Counter) -> Void = { _ in }) { self.whileMaking = whileMaking }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
    func increment() { count.add(1, ordering: .sequentiallyConsistent) }
    /// The times a factory gave up waiting to see another thread wait for its value.
    var missedWaits: Int { misses.load(ordering: .sequentiallyConsistent) }
    func missedAWait() { misses.add(1, ordering: .sequentiallyConsistent) }
}

private final class Expensive: Sendable {
    init(counter: Counter) {
        counter.increment()
        counter.whileMaking(counter)
    }
}

/// A thread that asks for a shared value, and a way for the value's factory, on another thread,
/// to wait until the asker is certainly waiting inside Wiring for the value: not just about to
/// ask, and not served after the factory returned.
///
/// On Linux the factory watches the asker's state in `/proc`. Between saying it is about to ask
/// and getting the value, the asker only runs Wiring's resolve, which sleeps only in its wait
/// for a value another thread is making (`OnceSlot.waitUntilReady`, which yields, then sleeps);
/// so an asker seen asleep is waiting for the value. Elsewhere the factory waits until the
/// asker is about to ask, then gives it a few milliseconds to reach the wait.
private final class Asker: Sendable {
    /// The asker's ``currentThreadID()`` once it is about to ask; 0 before.
    private let thread = Atomic(0)

    /// Starts a thread that says it is about to ask, then runs `ask`.
    func start(_ ask: @escaping @Sendable () -> Void) {
        Thread {
            self.thread.store(currentThreadID(), ordering: .sequentiallyConsistent)
            ask()
        }.start()
    }

    /// Runs `ask` on a thread of its own; what it returned.
    func ask<T: Sendable>(_ ask: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start { continuation.resume(returning: ask()) }
        }
    }

    /// Whether the calling thread is this asker's.
    var isCurrentThread: Bool {
        let id = thread.load(ordering: .sequentiallyConsistent)
        return id > 0 && id == currentThreadID()
    }

    /// Returns true once the asker waits for the value; false if it was not seen waiting
    /// within 30 seconds.
    func waitUntilWaiting() -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        var id = 0
        while id == 0 {
            guard ContinuousClock.now < deadline else { return false }
            sched_yield()
            id = thread.load(ordering: .sequentiallyConsistent)
        }
        #if os(Linux)
        while !Self.isAsleep(thread: id) {
            guard ContinuousClock.now < deadline else { return false }
            sched_yield()
        }
        #else
        usleep(5_000)
        #endif
        return true
    }

    #if os(Linux)
    /// Whether the thread sleeps: state `S` in `/proc/self/task/<id>/stat`, whose state follows
    /// the command name in parentheses.
    private static func isAsleep(thread id: Int) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: end)...].split(separator: " ").first == "S"
    }
    #endif
}

/// A nonzero number for the calling thread: on Linux its id in `/proc`, from `/proc/thread-self`
/// (`<pid>/task/<tid>`).
private func currentThreadID() -> Int {
    #if os(Linux)
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
    return target.split(separator: "/").last.flatMap { Int($0) } ?? -1
    #elseif canImport(Darwin)
    return Int(bitPattern: UInt(bitPattern: pthread_self())) | 2
    #else
    return Int(bitPattern: UInt(pthread_self())) | 2
    #endif
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
