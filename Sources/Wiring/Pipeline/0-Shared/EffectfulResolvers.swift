/// The resolvers of one binding whose resolution has effects: the one it was linked with, and
/// those derived from it for every context that can run its effects.
///
/// A node of an effect-free binding has none of these; every context calls its plain resolver.
@usableFromInline
final class EffectfulResolvers<T> {
    /// Set when the resolution only throws.
    let throwing: ThrowingResolver<T>?
    /// Set when the resolution runs on the main actor or throws, and does not await.
    let mainActor: MainActorResolver<T>?
    /// Always set.
    let async: AsyncResolver<T>
    /// The slot of a shared binding whose resolution is async: an ``AsyncProvider`` of the
    /// binding reads a made value from there without calling ``async``. Nil for every other
    /// binding.
    let sharedSlot: StorageSlot?

    init(throwing resolve: @escaping ThrowingResolver<T>) {
        throwing = resolve
        mainActor = { instance in try resolve(instance) }
        async = { instance in try resolve(instance) }
        sharedSlot = nil
    }

    init(mainActor resolve: @escaping MainActorResolver<T>) {
        throwing = nil
        mainActor = resolve
        async = Self.hop(resolve)
        sharedSlot = nil
    }

    /// The resolvers of an async resolution; `sharedSlot` is the binding's slot when it is
    /// shared.
    init(async resolve: @escaping AsyncResolver<T>, sharedSlot: StorageSlot? = nil) {
        throwing = nil
        mainActor = nil
        async = resolve
        self.sharedSlot = sharedSlot
    }

    private init(throwing: ThrowingResolver<T>?, mainActor: MainActorResolver<T>?, async: @escaping AsyncResolver<T>) {
        self.throwing = throwing
        self.mainActor = mainActor
        self.async = async
        sharedSlot = nil
    }


    /// The same resolvers, their value transformed: `T?` of a binding whose resolution has
    /// effects. The new resolvers run in exactly the contexts these do.
    func map<U>(_ transform: @escaping @Sendable (T) -> U) -> EffectfulResolvers<U> {
        var throwingMapped: ThrowingResolver<U>?
        if let resolve = throwing {
            throwingMapped = { instance in transform(try resolve(instance)) }
        }
        var mainActorMapped: MainActorResolver<U>?
        if let resolve = mainActor {
            mainActorMapped = { instance in transform(try resolve(instance)) }
        }
        let resolve = async
        let asyncMapped: AsyncResolver<U> = { instance in transform(try await resolve(instance)) }
        return EffectfulResolvers<U>(throwing: throwingMapped, mainActor: mainActorMapped, async: asyncMapped)
    }

    /// The same resolvers, run in the instance's ancestor `depth` levels up: an ancestor's entry
    /// of a map a subcomponent adds to.
    func inAncestor(_ depth: Int) -> EffectfulResolvers<T> {
        var throwingMoved: ThrowingResolver<T>?
        if let resolve = throwing {
            throwingMoved = { instance in try resolve(instance.ancestor(depth)) }
        }
        var mainActorMoved: MainActorResolver<T>?
        if let resolve = mainActor {
            mainActorMoved = { instance in try resolve(instance.ancestor(depth)) }
        }
        let resolve = async
        let asyncMoved: AsyncResolver<T> = { instance in try await resolve(instance.ancestor(depth)) }
        return EffectfulResolvers(throwing: throwingMoved, mainActor: mainActorMoved, async: asyncMoved)
    }

    /// The resolver for an async context: every resolution can run there.
    func asyncResolver() -> AsyncResolver<T> {
        async
    }

    /// The resolver for a throwing context, which validation lets reach only a resolution that
    /// at most throws.
    func throwingResolver() -> ThrowingResolver<T> {
        guard let throwing else {
            preconditionFailure("Wiring internal error: \(T.self) was linked into a throwing context it cannot run in.")
        }
        return throwing
    }

    /// The resolver for the main actor, which validation lets reach only a resolution that does
    /// not await.
    func mainActorResolver() -> MainActorResolver<T> {
        guard let mainActor else {
            preconditionFailure("Wiring internal error: \(T.self) was linked onto the main actor, where it cannot run.")
        }
        return mainActor
    }

    /// Runs a main-actor resolver from any task: the resolution runs, whole and synchronously,
    /// on the main actor, which is where its shared values are created.
    private static func hop(_ resolve: @escaping MainActorResolver<T>) -> AsyncResolver<T> {
        { instance in
            // The instance and the value cross to the main actor and back the way every value of a
            // graph crosses tasks (see `SharedInstance`).
            let shared = SharedInstance(instance)
            return try await MainActor.run { SentValue(try resolve(shared.instance)) }.value
        }
    }
}
