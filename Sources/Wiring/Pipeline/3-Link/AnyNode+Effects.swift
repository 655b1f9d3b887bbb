extension AnyNode {
    /// The node's resolver for a throwing context. `T` must be the type of the node's key, and
    /// the node's resolution must at most throw, which validation guarantees.
    func throwingResolver<T>(as type: T.Type) -> ThrowingResolver<T> {
        guard let effectful = effectful else {
            let resolve = resolver(as: T.self)
            return { instance in resolve(instance) }
        }
        guard let resolvers = effectful as? EffectfulResolvers<T>, let resolve = resolvers.throwing else {
            preconditionFailure("Wiring internal error: \(T.self) was linked into a throwing context it cannot run in.")
        }
        return resolve
    }

    /// The node's resolver for the main actor. `T` must be the type of the node's key, and the
    /// node's resolution must not await, which validation guarantees.
    func mainActorResolver<T>(as type: T.Type) -> MainActorResolver<T> {
        guard let effectful = effectful else {
            let resolve = resolver(as: T.self)
            return { instance in resolve(instance) }
        }
        guard let resolvers = effectful as? EffectfulResolvers<T>, let resolve = resolvers.mainActor else {
            preconditionFailure("Wiring internal error: \(T.self) was linked onto the main actor, where it cannot run.")
        }
        return resolve
    }

    /// The node's resolver for an async context; every resolution can run there. `T` must be
    /// the type of the node's key.
    func asyncResolver<T>(as type: T.Type) -> AsyncResolver<T> {
        guard let effectful = effectful else {
            let resolve = resolver(as: T.self)
            return { instance in resolve(instance) }
        }
        guard let resolvers = effectful as? EffectfulResolvers<T> else {
            preconditionFailure("Wiring internal error: \(T.self) was linked with resolvers of another type.")
        }
        return resolvers.async
    }

    /// Sets the resolvers of a binding linked in an effectful context. Its plain resolver is
    /// never called: validation lets only effectful contexts reach it.
    func setEffectfulResolvers<T>(_ resolvers: EffectfulResolvers<T>, as type: T.Type) {
        effectful = resolvers
        setResolver(Linker.unreachable(T.self))
    }
}
