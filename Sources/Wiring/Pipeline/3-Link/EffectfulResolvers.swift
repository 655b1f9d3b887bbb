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
