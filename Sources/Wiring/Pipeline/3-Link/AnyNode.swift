/// A compiled resolver: makes (or finds) a value inside one built component instance.
@usableFromInline
typealias Resolver<T> = @Sendable (ComponentInstance) -> T

/// A resolver inside a struct, so that its type parameter can change with `unsafeBitCast`.
///
/// A struct's field keeps the representation its declaration gives it, `Resolver<T>` with `T`
/// unknown, whatever `T` is: `ResolverBox<A>` and `ResolverBox<B>` are the same bytes. A function
/// value cast on its own would instead be converted (through a heap-allocated thunk) to and from
/// the representation `unsafeBitCast`'s generic parameters give it. Nodes keep their resolvers in
/// a `ResolverBox<Any>`, so that a node needs no generic class per bound type.
struct ResolverBox<T> {
    let resolve: Resolver<T>

    /// The same resolver as a `Resolver<U>`; `U` must be `T`, which the caller guarantees.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func cast<U>(to type: U.Type) -> ResolverBox<U> {
        unsafeBitCast(self, to: ResolverBox<U>.self)
    }
}

/// The linked form of one key of the graph, shared by everything that depends on it.
///
/// Direct dependencies capture the resolver itself when they are linked; only wrappers such as
/// `Provider` keep the node, so that a cycle through a provider can be linked.
///
/// Not generic: a generic `Node<T>` made the Swift runtime look up (and, the first time in a
/// process, instantiate) the metadata of one class per bound type during every
/// `ComponentFactory.of`, a tenth of a warm `of` and most of a cold one.
@usableFromInline
final class AnyNode: @unchecked Sendable {
    // Safe to share: a node's state is set while `ComponentFactory.of` links the graph, before
    // the factory that owns it is returned to anyone.

    /// How deep the key lies: 1 without dependencies, one more than its deepest dependency
    /// otherwise (0 until it is linked). Set by the linker, for ``StackCheckpoint``.
    var depth = 0

    /// The resolver, a `Resolver` of the key's type in a box typed for `Any`. Written only while
    /// the graph is linked, before any resolve can read it: no access can overlap another, so
    /// the runtime's exclusivity check is left out.
    @exclusivity(unchecked) private var box: ResolverBox<Any>

    /// The ``EffectfulResolvers`` of a binding whose resolution has effects, set when it is
    /// linked; nil for every other binding, whose contexts all call its plain resolver.
    @exclusivity(unchecked) var effectful: AnyObject?

    init() {
        box = ResolverBox { _ in
            preconditionFailure("Wiring internal error: a binding was resolved before the graph was linked.")
        }
    }

    /// The node's resolver. `T` must be the type of the node's key, which validation guarantees.
    func resolver<T>(as type: T.Type) -> Resolver<T> {
        box.cast(to: T.self).resolve
    }

    /// Sets the node's resolver, when the graph is linked. `T` must be the type of the node's key.
    func setResolver<T>(_ resolve: @escaping Resolver<T>) {
        box = ResolverBox(resolve: resolve).cast(to: Any.self)
    }

    /// The resolver of a `() -> T` parameter for this node's type `T`; the closure reads the
    /// node's resolver when it is called, so it works before the node is linked.
    func functionResolver<P>(as parameter: P.Type) -> Resolver<P> {
        guard let valueType = FunctionType.resultOfNullaryClosure(P.self) else {
            preconditionFailure("Wiring internal error: \(P.self) was linked as a () -> T parameter.")
        }
        func make<T>(_ type: T.Type) -> Resolver<P> {
            let resolver: Resolver<() -> T> = { instance in
                instance.escape()
                return { self.resolver(as: T.self)(instance) }
            }
            // Validation matched `P` to `() -> T` (or `@Sendable () -> T`), which have this layout.
            return ResolverBox(resolve: resolver).cast(to: P.self).resolve
        }
        return make(valueType)
    }

    /// Puts a ``StackCheckpoint`` in front of the linked resolver, before anything that
    /// depends on the key is linked. `valueType` is the type of the node's key.
    func insertStackCheckpoint(valueType: any Any.Type) {
        func wrap<T>(_ type: T.Type) {
            let resolve = resolver(as: T.self)
            setResolver { instance in StackCheckpoint.resolve(instance, resolve) }
        }
        wrap(valueType)
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
