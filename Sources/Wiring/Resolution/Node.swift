/// A compiled resolver: makes (or finds) a value inside one built component instance.
@usableFromInline
typealias Resolver<T> = @Sendable (ComponentInstance) -> T

/// The linked form of one key of the graph, shared by everything that depends on it.
@usableFromInline
class AnyNode: @unchecked Sendable {
    // Safe to share: a node's only state is set while `ComponentFactory.of` links the graph,
    // before the factory that owns it is returned to anyone.
    @usableFromInline init() {}

    /// How deep the key lies: 1 without dependencies, one more than its deepest dependency
    /// otherwise (0 until it is linked). Set by the linker, for ``StackCheckpoint``.
    final var depth = 0

    /// The resolver of a `() -> T` parameter for this node's type `T`.
    func functionResolver<P>(as parameter: P.Type) -> Resolver<P> {
        preconditionFailure("Wiring internal error: \(Self.self) cannot make \(P.self).")
    }

    /// Puts a ``StackCheckpoint`` in front of the linked resolver, before anything that
    /// depends on the key is linked.
    func insertStackCheckpoint() {
        preconditionFailure("Wiring internal error: \(Self.self) has no resolver.")
    }
}

/// The linked form of a key of type `T`.
///
/// Direct dependencies capture `resolve` itself when they are linked; only wrappers such as
/// `Provider` keep the node, so that a cycle through a provider can be linked.
@usableFromInline
final class Node<T>: AnyNode, @unchecked Sendable {
    /// Written only while the graph is linked, before any resolve can read it: no access can
    /// overlap another, so the runtime's exclusivity check is left out.
    @exclusivity(unchecked) @usableFromInline var resolve: Resolver<T> = { _ in
        preconditionFailure("Wiring internal error: \(T.self) was resolved before the graph was linked.")
    }

    @usableFromInline override init() {}

    override func functionResolver<P>(as parameter: P.Type) -> Resolver<P> {
        let resolver: Resolver<() -> T> = { instance in { self.resolve(instance) } }
        // Validation matched `P` to `() -> T` (or `@Sendable () -> T`), which have this layout.
        return unsafeBitCast(resolver, to: Resolver<P>.self)
    }

    override func insertStackCheckpoint() {
        let resolve = self.resolve
        self.resolve = { instance in StackCheckpoint.resolve(instance, resolve) }
    }
}

/// Holds a value that the graph shares the way its caller shares it.
///
/// Used for values bound with `to(value:)` and `Provider(value:)`: the caller hands the value
/// over (`sending`), and Wiring only gives it back.
@usableFromInline
struct SentValue<T>: @unchecked Sendable {
    // Safe to share as far as the caller's `sending` allows: the value was handed over to the
    // graph, which never mutates it and only returns copies of it.
    @usableFromInline let value: T

    @inlinable init(_ value: consuming T) { self.value = value }
}
