/// Where one factory parameter's value comes from, decided by validation.
///
/// Link targets live only while a graph is linked, and the graph's `nodes` keep every node
/// alive until then: so they name their nodes without retaining them (``LinkedNode``), and
/// copying a target, or a linker's list of them, is a copy of plain words. With strong
/// references, those copies made about seven of the 85 atomic reference-count operations
/// `ComponentFactory.of` performed per binding.
enum LinkTarget {
    /// A bound key: the parameter is its value, or a wrapper (`Provider`, `T?`) around it.
    case node(LinkedNode, wrapper: (any DependencyWrapper.Type)?)
    /// A `() -> T` parameter: a closure that resolves `T` when called.
    case function(LinkedNode)
    /// A wrapper whose binding is absent and who accepts that: `T?` gets nil.
    case absent(wrapper: any DependencyWrapper.Type)
    /// A binding of the ancestor `depth` levels up, resolved in that ancestor's instance.
    indirect case inherited(depth: Int, LinkTarget)

    /// The depth of the key the parameter resolves (see `AnyNode.depth`), 0 for nil.
    var keyDepth: Int {
        switch self {
        case let .node(linked, _), let .function(linked): linked.node.depth
        case .absent: 0
        case let .inherited(_, target): target.keyDepth
        }
    }
}

/// A node as a link target names it: not retained (see ``LinkTarget``). Whatever keeps the node
/// after linking (a provider's resolver, a `() -> T` closure) takes a strong reference of its own.
struct LinkedNode {
    unowned(unsafe) let node: AnyNode

    init(_ node: AnyNode) {
        self.node = node
    }
}

/// Hands a binding's recipe the resolvers of its parameters while the graph is linked.
///
/// `to(factory:)` composes these resolvers into one closure that calls the factory, so that
/// after `ComponentFactory.of` a resolve is a chain of direct calls: no lookup, no cast.
@usableFromInline
struct Linker {
    /// The storage of the binding when it is shared, or nil when every request makes a new value.
    @usableFromInline let sharedSlot: StorageSlot?
    let targets: ArraySlice<LinkTarget>

    init(sharedSlot: StorageSlot?, targets: ArraySlice<LinkTarget>) {
        self.sharedSlot = sharedSlot
        self.targets = targets
    }

    /// The resolver of the factory's parameter at `index`.
    @usableFromInline
    func resolver<P>(_ index: Int, _ parameter: P.Type) -> Resolver<P> {
        Self.resolver(for: targets[targets.startIndex + index], P.self)
    }

    private static func resolver<P>(for target: LinkTarget, _ parameter: P.Type) -> Resolver<P> {
        switch target {
        case let .node(linked, wrapper: nil):
            // Validation matched the parameter's type to this key, whose value is a `P`.
            return linked.node.resolver(as: P.self)
        case let .node(linked, wrapper: wrapper?):
            return Self.wrapped(wrapper, linked.node, as: P.self)
        case let .function(linked):
            return linked.node.functionResolver(as: P.self)
        case let .absent(wrapper):
            return Self.wrapped(wrapper, nil, as: P.self)
        case let .inherited(depth, inner):
            let resolve = resolver(for: inner, P.self)
            return { instance in resolve(instance.ancestor(depth)) }
        }
    }

    private static func wrapped<W: DependencyWrapper, P>(_ wrapper: W.Type, _ node: AnyNode?, as parameter: P.Type) -> Resolver<P> {
        // `W` is the parameter's own type: `DependencyRequest.of(P.self)` found it by casting `P`.
        ResolverBox(resolve: W.resolver(wrapping: node)).cast(to: P.self).resolve
    }

    /// Applies the binding's scope to the resolver a recipe composed.
    @inlinable
    func finish<T>(_ resolve: @escaping Resolver<T>) -> Resolver<T> {
        guard let slot = sharedSlot else { return resolve }
        if slot.isBoxed {
            return Self.boxedShared(slot, resolve)
        }
        return { instance in instance.shared(slot, resolve) }
    }

    /// The resolver of a shared value kept in a box because of its alignment: rare, so not
    /// specialised for each type.
    @usableFromInline
    static func boxedShared<T>(_ slot: StorageSlot, _ resolve: @escaping Resolver<T>) -> Resolver<T> {
        { instance in instance.sharedBoxed(slot, resolve) }
    }
}
