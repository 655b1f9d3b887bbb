import Synchronization
import Testing
import Wiring

/// When a built component's shared values are released, whatever holds the component: nothing
/// (its values go when `build` returns), or a provider, lazy value, weak provider or `() -> T`
/// closure that outlives the factory that built it.
@Suite(.serialized)
struct InstanceLifetimeTests {
    @Test func sharedValuesTheRootDoesNotKeepAreReleasedWhenBuildReturns() throws {
        let factory = try ComponentFactory.of(CountingRoot.self)
        let before = Tracked.live.withLock { $0 }
        let root = factory.build()
        #expect(root.serial > 0)
        #expect(Tracked.live.withLock { $0 } == before)
    }

    @Test func aSharedValueTheRootKeepsLivesAsLongAsTheRoot() throws {
        let factory = try ComponentFactory.of(KeepingRoot.self)
        let before = Tracked.live.withLock { $0 }
        var root: KeepingGraph? = factory.build()
        #expect(Tracked.live.withLock { $0 } == before + 1)
        #expect(root?.first === root?.second)
        root = nil
        #expect(Tracked.live.withLock { $0 } == before)
    }

    @Test func aProviderOutlivesItsFactoryAndReleasesTheSharedValueWithTheRoot() throws {
        var root: ProviderGraph? = try ComponentFactory.of(ProviderRoot.self).build()
        weak let shared = root?.tracked.get()
        #expect(shared != nil)
        #expect(root?.tracked.get() === shared)
        root = nil
        #expect(shared == nil)
    }

    @Test func aLazyValueOutlivesItsFactory() throws {
        var root: LazyGraph? = try ComponentFactory.of(LazyRoot.self).build()
        weak let shared = root?.tracked.get()
        #expect(shared != nil)
        #expect(root?.tracked.get() === shared)
        root = nil
        #expect(shared == nil)
    }

    @Test func aClosureParameterOutlivesItsFactory() throws {
        var root: ClosureGraph? = try ComponentFactory.of(ClosureRoot.self).build()
        weak let shared = root?.tracked()
        #expect(shared != nil)
        #expect(root?.tracked() === shared)
        root = nil
        #expect(shared == nil)
    }

    @Test func aWeakProviderGivesNilOnceTheBuildIsOverAndNothingElseHoldsIt() throws {
        let root = try ComponentFactory.of(WeakRoot.self).build()
        #expect(root.tracked.get() == nil)
    }

    @Test func aWeakProviderGivesTheSharedValueWhileAProviderHoldsTheBuild() throws {
        var root: WeakAndStrongGraph? = try ComponentFactory.of(WeakAndStrongRoot.self).build()
        weak let shared = root?.strong.get()
        #expect(shared != nil)
        #expect(root?.weak.get() === shared)
        root = nil
        #expect(shared == nil)
    }
}

// MARK: - Fixtures

/// Counts its live instances, so a test can see a shared value go.
private final class Tracked: Sendable {
    static let live = Mutex(0)
    static let serials = Atomic(0)
    let serial: Int

    init() {
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        Self.live.withLock { $0 += 1 }
    }

    deinit {
        Self.live.withLock { $0 -= 1 }
    }
}

private struct TrackedModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Tracked.self).sharedInScope().to(factory: Tracked.init)
    }
}

private struct CountingRoot: RootComponent {
    struct Graph { let serial: Int }
    typealias Root = Graph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Graph>) -> BindingReceipt<Graph> {
        bind.to { (tracked: Tracked) in Graph(serial: tracked.serial) }
    }
}

private struct KeepingGraph { let first: Tracked; let second: Tracked }

private struct KeepingRoot: RootComponent {
    typealias Root = KeepingGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<KeepingGraph>) -> BindingReceipt<KeepingGraph> {
        bind.to(factory: KeepingGraph.init)
    }
}

private struct ProviderGraph { let tracked: Provider<Tracked> }

private struct ProviderRoot: RootComponent {
    typealias Root = ProviderGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ProviderGraph>) -> BindingReceipt<ProviderGraph> {
        bind.to(factory: ProviderGraph.init)
    }
}

private struct LazyGraph { let tracked: Lazy<Tracked> }

private struct LazyRoot: RootComponent {
    typealias Root = LazyGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<LazyGraph>) -> BindingReceipt<LazyGraph> {
        bind.to(factory: LazyGraph.init)
    }
}

private struct ClosureGraph { let tracked: () -> Tracked }

private struct ClosureRoot: RootComponent {
    typealias Root = ClosureGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<ClosureGraph>) -> BindingReceipt<ClosureGraph> {
        bind.to { (tracked: @escaping () -> Tracked) in ClosureGraph(tracked: tracked) }
    }
}

private struct WeakGraph { let tracked: WeakProvider<Tracked> }

private struct WeakRoot: RootComponent {
    typealias Root = WeakGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<WeakGraph>) -> BindingReceipt<WeakGraph> {
        bind.to(factory: WeakGraph.init)
    }
}

private struct WeakAndStrongGraph { let weak: WeakProvider<Tracked>; let strong: Provider<Tracked> }

private struct WeakAndStrongRoot: RootComponent {
    typealias Root = WeakAndStrongGraph
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TrackedModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<WeakAndStrongGraph>) -> BindingReceipt<WeakAndStrongGraph> {
        bind.to(factory: WeakAndStrongGraph.init)
    }
}
