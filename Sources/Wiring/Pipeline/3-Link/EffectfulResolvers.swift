/// A compiled resolver of a binding whose resolution throws but needs no actor and no `await`.
@usableFromInline
typealias ThrowingResolver<T> = @Sendable (ComponentInstance) throws -> T

/// A compiled resolver of a binding whose resolution runs on the main actor (and may throw).
@usableFromInline
typealias MainActorResolver<T> = @MainActor @Sendable (ComponentInstance) throws -> T

/// A compiled resolver of a binding whose resolution is async (and may throw or hop to an actor).
@usableFromInline
typealias AsyncResolver<T> = @Sendable (ComponentInstance) async throws -> T

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

    init(throwing resolve: @escaping ThrowingResolver<T>) {
        throwing = resolve
        mainActor = { instance in try resolve(instance) }
        async = { instance in try resolve(instance) }
    }

    init(mainActor resolve: @escaping MainActorResolver<T>) {
        throwing = nil
        mainActor = resolve
        async = Self.hop(resolve)
    }

    init(async resolve: @escaping AsyncResolver<T>) {
        throwing = nil
        mainActor = nil
        async = resolve
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

/// Where a binding linked in an effectful context leaves its resolvers, and what its errors say
/// about it. One per such binding, while the graph is linked.
@usableFromInline
final class EffectSink {
    /// The binding, as the errors of its factory name it.
    let requirement: ResolutionError.Requirement
    /// The components from the root down to the binding's.
    let componentPath: [String]
    /// The binding's `EffectfulResolvers`, once it is linked.
    var resolvers: AnyObject?

    init(requirement: ResolutionError.Requirement, componentPath: [String]) {
        self.requirement = requirement
        self.componentPath = componentPath
    }

    /// What the binding's resolvers need to wrap its errors, without holding the sink.
    var errorContext: ErrorContext {
        ErrorContext(requirement: requirement, componentPath: componentPath)
    }
}

/// What a binding's errors say about it.
struct ErrorContext: Sendable {
    let requirement: ResolutionError.Requirement
    let componentPath: [String]

    /// The error a factory threw, as its caller receives it: an error that is already a
    /// ``ResolutionError`` (thrown by a dependency) gains this binding as a requirer.
    func wrap(_ error: any Error) -> ResolutionError {
        if let resolution = error as? ResolutionError {
            return resolution.required(by: requirement)
        }
        return ResolutionError(
            binding: requirement.binding, location: requirement.location, componentPath: componentPath, underlying: error
        )
    }
}

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
