/// The resolver of a factory's parameter in an async context: the parameter's plain resolver
/// when its resolution has no effects, its async resolver only when it has some.
///
/// A recipe linked in an async context resolves its parameters with ``resolve(_:)``, inlined
/// into its closure: a parameter without effects is then a direct synchronous call, with no
/// async frame, and only a parameter whose resolution really awaits is awaited.
///
/// A struct, not an enum of the two resolvers: Swift 6.3 crashes emitting a multi-payload enum
/// of a pack element's type, which the recipes of parameter packs would hold.
@usableFromInline
struct AsyncParameterResolver<P>: Sendable {
    /// The resolver of a parameter whose resolution has no effects; nil for every other.
    @usableFromInline let plain: Resolver<P>?
    /// The parameter's resolver in an async context, which ``resolve(_:)`` awaits when
    /// ``plain`` is nil.
    @usableFromInline let awaited: AsyncResolver<P>

    /// The resolver of a parameter whose resolution has no effects.
    init(plain resolve: @escaping Resolver<P>) {
        plain = resolve
        awaited = { instance in resolve(instance) }
    }

    /// The resolver of a parameter whose resolution throws, hops or awaits.
    init(awaited resolve: @escaping AsyncResolver<P>) {
        plain = nil
        awaited = resolve
    }

    /// The parameter's value in `instance`.
    @inlinable @inline(__always)
    func resolve(_ instance: ComponentInstance) async throws -> P {
        if let plain {
            return plain(instance)
        }
        return try await awaited(instance)
    }

    /// The same resolver, run in the instance's ancestor `depth` levels up.
    func inAncestor(_ depth: Int) -> AsyncParameterResolver<P> {
        if let plain {
            return AsyncParameterResolver(plain: { instance in plain(instance.ancestor(depth)) })
        }
        let resolve = awaited
        return AsyncParameterResolver(awaited: { instance in try await resolve(instance.ancestor(depth)) })
    }
}

/// The parameter at `index` of an unspecialised pack recipe in an async context (see
/// `Linker.splitAsyncResolvers`): its plain resolver, called without an await, when
/// `isPlain[index]`. Advances `index`.
@inline(__always)
func resolveParameter<P>(
    _ plain: Resolver<P>, _ awaited: AsyncResolver<P>, _ isPlain: [Bool], _ index: inout Int, _ instance: ComponentInstance
) async throws -> P {
    let current = index
    index += 1
    if isPlain[current] {
        return plain(instance)
    }
    return try await awaited(instance)
}
