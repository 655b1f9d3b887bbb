extension AnyNode {
    /// The node's resolvers, when its binding's resolution has effects; nil for every other
    /// binding, whose contexts all call its plain resolver. `T` must be the type of the node's key.
    func effectfulResolvers<T>(as type: T.Type) -> EffectfulResolvers<T>? {
        guard let effectful else { return nil }
        // Set by `setEffectfulResolvers(_:as:)` or the linker, from resolvers of the key's type.
        guard let resolvers = effectful as? EffectfulResolvers<T> else {
            preconditionFailure("Wiring internal error: \(T.self) was linked with resolvers of another type.")
        }
        return resolvers
    }

    /// The node's resolver for a throwing context. `T` must be the type of the node's key, and
    /// the node's resolution must at most throw, which validation guarantees.
    func throwingResolver<T>(as type: T.Type) -> ThrowingResolver<T> {
        guard let resolvers = effectfulResolvers(as: T.self) else {
            let resolve = resolver(as: T.self)
            return { instance in resolve(instance) }
        }
        return resolvers.throwingResolver()
    }

    /// The node's resolver for the main actor. `T` must be the type of the node's key, and the
    /// node's resolution must not await, which validation guarantees.
    func mainActorResolver<T>(as type: T.Type) -> MainActorResolver<T> {
        guard let resolvers = effectfulResolvers(as: T.self) else {
            let resolve = resolver(as: T.self)
            return { instance in resolve(instance) }
        }
        return resolvers.mainActorResolver()
    }

    /// The node's resolver for an async context; every resolution can run there. `T` must be
    /// the type of the node's key.
    func asyncResolver<T>(as type: T.Type) -> AsyncResolver<T> {
        guard let resolvers = effectfulResolvers(as: T.self) else {
            let resolve = resolver(as: T.self)
            return { instance in resolve(instance) }
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
