import Synchronization
import Testing
import Wiring

/// `Lazy<T>` makes its value once, on demand; `WeakProvider<T>` does not keep its component.
@Suite(.tags(.concurrency))
struct LazyAndWeakProviderTests {
    @Test func aLazyValueIsMadeOnTheFirstGetThenKept() throws {
        let counter = Counter()
        let root = try ComponentFactory.of(LazyRoot.self).build(counter)
        #expect(counter.count == 0)
        let first = root.lazy.get()
        #expect(counter.count == 1)
        #expect(root.lazy.get() === first)
        #expect(counter.count == 1)
    }

    @Test func twoLazyValuesOfAnUnscopedBindingAreTwoValues() throws {
        let counter = Counter()
        let root = try ComponentFactory.of(LazyRoot.self).build(counter)
        #expect(root.lazy.get() !== root.other.get())
        #expect(counter.count == 2)
    }

    @Test func concurrentFirstGetsMakeOneValue() async throws {
        let counter = Counter()
        let root = try ComponentFactory.of(LazyRoot.self).build(counter)
        let lazy = root.lazy
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<200 { group.addTask { ObjectIdentifier(lazy.get()) } }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(counter.count == 1)
    }

    @Test func aCycleThroughLazyOrWeakProviderIsLegal() throws {
        let counter = Counter()
        let root = try ComponentFactory.of(LazyRoot.self).build(counter)
        #expect(root.parent.child.parent.get()?.name == "parent")
        #expect(root.parent.lazyChild.get().name == "child")
    }

    @Test func aWeakProviderGivesNilOnceItsComponentIsGone() throws {
        let factory = try ComponentFactory.of(WeakRoot.self)
        var backReference: WeakProvider<Owner>?
        weak var owner: Owner?
        do {
            let handle = factory.build()
            let member = handle.members.get()
            backReference = member.owner
            owner = member.owner.get()
            #expect(owner != nil)
            #expect(member.owner.get() === handle.members.get().owner.get())
        }
        #expect(owner == nil)
        #expect(backReference?.get() == nil)
    }
}

// MARK: - Fixtures

private final class Counter: Sendable {
    private let made = Atomic(0)
    var count: Int { made.load(ordering: .sequentiallyConsistent) }
    func increment() { made.add(1, ordering: .sequentiallyConsistent) }
}

private final class Expensive: Sendable {
    init(counter: Counter) { counter.increment() }
}

private final class Parent: Sendable {
    let name = "parent"
    let child: Child
    let lazyChild: Lazy<Child>
    init(child: Child, lazyChild: Lazy<Child>) {
        self.child = child
        self.lazyChild = lazyChild
    }
}

private final class Child: Sendable {
    let name = "child"
    let parent: WeakProvider<Parent>
    init(parent: WeakProvider<Parent>) { self.parent = parent }
}

private struct Roots {
    let lazy: Lazy<Expensive>
    let other: Lazy<Expensive>
    let parent: Parent
}

private struct LazyRoot: RootComponent {
    typealias Seed = Counter
    typealias Root = Roots
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Expensive.self).to(factory: Expensive.init)
        binder.bind(Parent.self).sharedInScope().to(factory: Parent.init)
        binder.bind(Child.self).to(factory: Child.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Roots>) -> BindingReceipt<Roots> {
        bind.to(factory: Roots.init)
    }
}

/// A shared owner, reached weakly from its members: dropping the handle releases the component,
/// and with it the owner.
private final class Owner: Sendable {}

private struct Handle {
    let members: Provider<Member>
}

private final class Member: Sendable {
    let owner: WeakProvider<Owner>
    init(owner: WeakProvider<Owner>) { self.owner = owner }
}

private struct WeakRoot: RootComponent {
    typealias Root = Handle
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Owner.self).sharedInScope().to(factory: Owner.init)
        binder.bind(Member.self).to(factory: Member.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Handle>) -> BindingReceipt<Handle> {
        bind.to(factory: Handle.init)
    }
}
