/// A compiled resolver: makes (or finds) a value inside one built component instance.
@usableFromInline
typealias Resolver<T> = @Sendable (ComponentInstance) -> T

/// A compiled resolver of a binding whose resolution throws but needs no actor and no `await`.
@usableFromInline
typealias ThrowingResolver<T> = @Sendable (ComponentInstance) throws -> T

/// A compiled resolver of a binding whose resolution runs on the main actor (and may throw).
@usableFromInline
typealias MainActorResolver<T> = @MainActor @Sendable (ComponentInstance) throws -> T

/// A compiled resolver of a binding whose resolution is async (and may throw or hop to an actor).
@usableFromInline
typealias AsyncResolver<T> = @Sendable (ComponentInstance) async throws -> T
