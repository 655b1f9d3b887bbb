/// The linked form of one key of the graph, shared by everything that depends on it.
///
/// Direct dependencies capture the resolver itself when they are linked; only wrappers such as
/// `Provider` keep the node, so that a cycle through a provider can be linked.
///
/// Not generic: a generic `Node<T>` would make the Swift runtime look up (and, the first time in
/// a process, instantiate) the metadata of one class per bound type during every
/// `ComponentFactory.of`. Resolvers cross the type boundary through ``ResolverBox``.
@usableFromInline
final class AnyNode: @unchecked Sendable {
    // Safe to share: a node's state is set while `ComponentFactory.of` links the graph, before
    // the factory that owns it is returned to anyone.

    // A graph keeps a node for every key, so a node holds only its resolver and, for the few
    // keys that need more, a second object: 40 bytes. (How deep a key lies is the graph's
    // `depths`, needed only while it is linked.)

    /// The resolver, a `Resolver` of the key's type in a box typed for `Any`. Written only while
    /// the graph is linked, before any resolve can read it: no access can overlap another, so
    /// the runtime's exclusivity check is left out.
    @exclusivity(unchecked) var _box = ResolverBox<Any> { _ in
        preconditionFailure("Wiring internal error: a binding was resolved before the graph was linked.")
    }

    /// What a node of an effectful binding or of a map keeps besides its resolver; nil for
    /// every other node. Written only while the graph is linked, like ``box``.
    @exclusivity(unchecked) var _extras: NodeExtras?

    /// The ``EffectfulResolvers`` of a binding whose resolution has effects, set when it is
    /// linked; nil for every other binding, whose contexts all call its plain resolver.
    var effectful: AnyObject? {
        get { extras?.effectful }
        set { if let newValue { extrasForWriting().effectful = newValue } else { extras?.effectful = nil } }
    }

    /// The ``LinkedMap`` of a map key linked without effects, which `[Key: Provider<Value>]`
    /// reads; nil for every other key.
    var linkedMap: AnyObject? {
        get { extras?.linkedMap }
        set { if let newValue { extrasForWriting().linkedMap = newValue } else { extras?.linkedMap = nil } }
    }

    private func extrasForWriting() -> NodeExtras {
        if let extras { return extras }
        let made = NodeExtras()
        extras = made
        return made
    }

    init() {}

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

    /// Puts a ``StackCheckpoint`` in front of the linked resolver, or of the throwing resolver
    /// of a binding whose resolution only throws, before anything that depends on the key is
    /// linked. `valueType` is the type of the node's key.
    ///
    /// Main-actor resolutions must stay on the main thread, and async ones keep their frames off
    /// the thread's stack between awaits: neither moves.
    func insertStackCheckpoint(valueType: any Any.Type) {
        func wrap<T>(_ type: T.Type) {
            if let resolvers = effectful as? EffectfulResolvers<T> {
                if let throwing = resolvers.throwing {
                    effectful = EffectfulResolvers<T>(throwing: { instance in try StackCheckpoint.resolve(instance, throwing) })
                }
                return
            }
            let resolve = resolver(as: T.self)
            setResolver { instance in StackCheckpoint.resolve(instance, resolve) }
        }
        wrap(valueType)
    }
}

/// What a few ``AnyNode``s keep besides their resolver.
final class NodeExtras {
    /// See ``AnyNode/effectful``.
    var effectful: AnyObject?
    /// See ``AnyNode/linkedMap``.
    var linkedMap: AnyObject?
}
