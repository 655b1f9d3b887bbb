import Synchronization
import Testing
import Wiring

/// Shared bindings live once per built component; unscoped bindings are made per request.
@Suite(.tags(.concurrency))
struct ScopeTests {
    @Test func aSharedBindingIsTheSameInstanceWithinOneBuild() throws {
        let root = try ComponentFactory.of(ScopedRoot.self).build()
        #expect(root.first.clock === root.second.clock)
        #expect(root.first.clock === root.clocks.get())
    }

    @Test func eachBuildGetsItsOwnSharedInstance() throws {
        let factory = try ComponentFactory.of(ScopedRoot.self)
        let first = factory.build()
        let second = factory.build()
        #expect(first.first.clock !== second.first.clock)
    }

    @Test func anUnscopedBindingIsMadeForEveryRequest() throws {
        let root = try ComponentFactory.of(ScopedRoot.self).build()
        #expect(root.first !== root.second)
    }

    @Test func aProviderOfAnUnscopedBindingMakesANewInstanceOnEveryGet() throws {
        let root = try ComponentFactory.of(ScopedRoot.self).build()
        let one = root.users.get()
        let two = root.users.get()
        #expect(one !== two)
        #expect(one.clock === two.clock)
    }

    @Test func aSharedBindingIsReleasedWithItsComponent() throws {
        let factory = try ComponentFactory.of(ScopedRoot.self)
        weak var clock: Clock?
        do {
            let root = factory.build()
            clock = root.first.clock
            #expect(clock != nil)
        }
        #expect(clock == nil)
    }

    @Test func aSharedValueTypeIsStoredInline() throws {
        let root = try ComponentFactory.of(SharedValueRoot.self).build()
        #expect(root.first == root.second)
        #expect(SharedValueRoot.made.withLock { $0 } >= 1)
    }

    @Test func aSharedValueWithLargeAlignmentIsBoxedAndStillShared() throws {
        let factory = try ComponentFactory.of(AlignedRoot.self)
        let root = factory.build()
        #expect(root.0 == root.1)
        #expect(root.0 == SIMD4<Double>(1, 2, 3, 4))
    }
}

// MARK: - Fixtures

private final class Clock: Sendable {}

private final class User: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
}

private final class ScopedGraph: Sendable {
    let first: User
    let second: User
    let users: Provider<User>
    let clocks: Provider<Clock>
    init(first: User, second: User, users: Provider<User>, clocks: Provider<Clock>) {
        self.first = first
        self.second = second
        self.users = users
        self.clocks = clocks
    }
}

private struct ClockModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Clock.self).sharedInScope().to(factory: Clock.init)
        binder.bind(User.self).to(factory: User.init)
    }
}

private struct ScopedRoot: RootComponent {
    typealias Root = ScopedGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ClockModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ScopedGraph>) -> BindingReceipt<ScopedGraph> {
        bind.to(factory: ScopedGraph.init)
    }
}

private struct Stamp: Equatable, Sendable {
    let serial: Int
}

private struct SharedValueRoot: RootComponent {
    static let made = Mutex(0)
    typealias Root = Pair
    struct Pair { let first: Stamp; let second: Stamp }
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Stamp.self).sharedInScope().to {
            Stamp(serial: made.withLock { count in count += 1; return count })
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Pair>) -> BindingReceipt<Pair> {
        bind.to(factory: Pair.init)
    }
}

private struct AlignedRoot: RootComponent {
    typealias Root = (SIMD4<Double>, SIMD4<Double>)
    static func configure(binder: Binder<Singleton>) {
        binder.bind(SIMD4<Double>.self).sharedInScope().to { SIMD4<Double>(1, 2, 3, 4) }
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (first: SIMD4<Double>, second: SIMD4<Double>) in (first, second) }
    }
}
