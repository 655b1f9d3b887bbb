import Synchronization
import Testing
import Wiring

// Shared bindings whose factories are async or throw: made once per built component however
// many tasks ask at the same moment, never cached after a failure, and never cancelled by a
// waiting task. Part of the ThreadSanitizer run (Scripts/test-thread-sanitizer).

/// What a test controls of the factories below: it is the components' seed.
final class CreationScript: Sendable {
    let made = EffectCounter()
    let started = EffectCounter()
    let cancelledWhileMaking = EffectCounter()
    /// How many requests the factory waits for before it returns.
    let awaitedRequests: Int
    /// How many of the first calls throw.
    let failures: Int
    private let gate = Atomic(false)

    init(awaitedRequests: Int = 0, failures: Int = 0) {
        self.awaitedRequests = awaitedRequests
        self.failures = failures
    }

    func open() { gate.store(true, ordering: .releasing) }
    var isOpen: Bool { gate.load(ordering: .acquiring) }
}

final class SlowResource: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

final class FlakyResource: Sendable {
    let serial: Int
    init(script: CreationScript) throws {
        serial = script.made.increment()
        if serial <= script.failures { throw EffectFixtureError(reason: "attempt \(serial) failed") }
    }
}

@MainActor
final class MainActorResource {
    let serial: Int
    init(script: CreationScript) {
        MainActor.assertIsolated()
        serial = script.made.increment()
    }
}

struct AsyncSharedRoot: Sendable {
    let slow: AsyncProvider<SlowResource>
    let flaky: AsyncProvider<FlakyResource>
    let onMain: AsyncProvider<MainActorResource>
}

struct AsyncSharedComponent: RootComponent {
    typealias Seed = CreationScript
    typealias Root = AsyncSharedRoot

    static func configure(binder: Binder<Singleton>) {
        binder.bind(SlowResource.self, file: "App/Slow.swift", line: 4).sharedInScope().to { (script: CreationScript) async in
            script.started.increment()
            // Wait until enough requests are in flight: every one of them finds the creation
            // running, and waits for it.
            while !script.isOpen {
                if Task.isCancelled { script.cancelledWhileMaking.increment() }
                await Task.yield()
            }
            return SlowResource(serial: script.made.increment())
        }
        binder.bind(FlakyResource.self, file: "App/Flaky.swift", line: 5).sharedInScope().to(throwingFactory: FlakyResource.init)
        binder.bind(MainActorResource.self, file: "App/Main.swift", line: 6).sharedInScope().to(mainActorFactory: MainActorResource.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncSharedRoot>) -> BindingReceipt<AsyncSharedRoot> {
        bind.to(factory: AsyncSharedRoot.init)
    }
}

/// Identifies the task a factory runs in, to compare it with the task that builds.
final class TaskWitness: Sendable {
    private let recorded = Mutex<Int?>(nil)

    /// The identity of the calling task; nil outside a task.
    static var currentTask: Int? { withUnsafeCurrentTask { $0?.hashValue } }

    func record() { recorded.withLock { $0 = Self.currentTask } }
    var task: Int? { recorded.withLock { $0 } }
}

final class InBuildResource: Sendable {
    init(witness: TaskWitness) async { witness.record() }
}

struct InBuildRoot: Sendable {
    let resource: InBuildResource
}

/// A shared async binding that nothing but the build reaches.
struct InBuildComponent: RootComponent {
    typealias Seed = TaskWitness
    typealias Root = InBuildRoot

    static func configure(binder: Binder<Singleton>) {
        binder.bind(InBuildResource.self).sharedInScope().to(asyncFactory: InBuildResource.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<InBuildRoot>) -> BindingReceipt<InBuildRoot> {
        bind.to(factory: InBuildRoot.init)
    }
}

/// What the factory of `Echo` hands to another task, and what that task found.
final class HandOff: Sendable {
    let made = EffectCounter()
    let asked = EffectCounter()
    private let other = Mutex<Task<Int, any Error>?>(nil)

    func start(_ task: Task<Int, any Error>) { other.withLock { $0 = task } }
    var otherTask: Task<Int, any Error>? { other.withLock { $0 } }
}

final class Echo: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

struct EchoRoot: Sendable {
    let echo: Echo
}

/// A shared async binding whose factory, while it runs in the build, hands a provider of its
/// own value to another task: the instance escapes in the middle of the creation.
struct EchoComponent: RootComponent {
    typealias Seed = HandOff
    typealias Root = EchoRoot

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Echo.self).sharedInScope().to { (handOff: HandOff, echo: AsyncProvider<Echo>) async in
            let made = Echo(serial: handOff.made.increment())
            handOff.start(Task {
                handOff.asked.increment()
                return try await echo.get().serial
            })
            while handOff.asked.value < 1 { await Task.yield() }
            return made
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<EchoRoot>) -> BindingReceipt<EchoRoot> {
        bind.to(factory: EchoRoot.init)
    }
}

@Suite(.tags(.concurrency))
struct AsyncSharedBindingTests {
    static let factory: ComponentFactory<AsyncSharedComponent> = {
        do { return try ComponentFactory.of(AsyncSharedComponent.self) } catch { preconditionFailure("\(error)") }
    }()

    @Test func anAsyncSharedBindingIsMadeOnceForAThousandConcurrentTasks() async throws {
        let script = CreationScript()
        let root = Self.factory.build(script)
        let asked = EffectCounter()
        let serials = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    asked.increment()
                    return try await root.slow.get().serial
                }
            }
            // The factory returns only once every task has asked: they all await its one creation.
            while asked.value < 1_000 { await Task.yield() }
            script.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(serials.count == 1_000)
        #expect(Set(serials) == [1])
        #expect(script.made.value == 1)
        #expect(script.started.value == 1)
    }

    @Test func eachBuiltComponentMakesItsOwnAsyncSharedValue() async throws {
        let script = CreationScript()
        script.open()
        let first = try await Self.factory.build(script).slow.get()
        let second = try await Self.factory.build(script).slow.get()
        #expect(first !== second)
        #expect(script.made.value == 2)
    }

    @Test func aThrowingSharedBindingCachesNothingAndIsTriedAgain() async throws {
        let script = CreationScript(failures: 1)
        let root = Self.factory.build(script)
        let error = try await #require(throws: ResolutionError.self) { try await root.flaky.get() }
        #expect(error.description == """
            The factory of FlakyResource at App/Flaky.swift:5 in AsyncSharedComponent threw: fixture error: attempt 1 failed
            """)
        let second = try await root.flaky.get()
        let third = try await root.flaky.get()
        #expect([second.serial, third.serial] == [2, 2])
        #expect(script.made.value == 2)
    }

    @Test func cancellingAWaitingTaskDoesNotCancelTheCreationOthersWaitFor() async throws {
        let script = CreationScript()
        let root = Self.factory.build(script)
        let starter = Task { try await root.slow.get() }
        while script.started.value < 1 { await Task.yield() }
        let waiter = Task { try await root.slow.get() }
        starter.cancel()
        script.open()
        let waited = try await waiter.value
        let started = try await starter.value
        #expect(waited === started)
        #expect(script.cancelledWhileMaking.value == 0)
        #expect(script.made.value == 1)
    }

    @Test func anAsyncBuildMakesASharedValueInItsOwnTaskWhenNothingElseReachesIt() async throws {
        let witness = TaskWitness()
        let factory = try AsyncComponentFactory.of(InBuildComponent.self)
        let building = TaskWitness.currentTask
        _ = try await factory.build(witness)
        #expect(building != nil)
        #expect(witness.task == building)
    }

    @Test func aTaskThatAsksWhileTheBuildMakesTheValueGetsTheSameValue() async throws {
        let handOff = HandOff()
        let factory = try AsyncComponentFactory.of(EchoComponent.self)
        let root = try await factory.build(handOff)
        let other = try #require(handOff.otherTask)
        #expect(try await other.value == root.echo.serial)
        #expect(root.echo.serial == 1)
        #expect(handOff.made.value == 1)
    }

    @Test func aMainActorSharedBindingIsMadeOnTheMainActorOnceForConcurrentTasks() async throws {
        let script = CreationScript()
        let root = Self.factory.build(script)
        let serials = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask { try await root.onMain.get().serial }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(serials) == [1])
        #expect(script.made.value == 1)
    }
}
