/// `T?` as a factory parameter: the value of `T` when `T` is bound, nil when it is not.
///
/// An explicit binding of `T?` itself takes precedence.
extension Optional: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(Wrapped.self) }
    @usableFromInline static var requestKind: RequestKind { .optional }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<Wrapped?> {
        guard let node else { return { _ in nil } }
        let resolve = node.resolver(as: Wrapped.self)
        return { instance in resolve(instance) }
    }

    /// `T?` of a bound `T` whose resolution has effects: `T`'s resolvers, their value wrapped.
    @usableFromInline
    static func effectfulResolvers(wrapping node: AnyNode) -> EffectfulResolvers<Wrapped?>? {
        node.effectfulResolvers(as: Wrapped.self)?.map { value in Optional(value) }
    }
}
