/// The linked entries of a map `[Key: Value]`: each key's resolver, an ancestor's entries
/// included.
///
/// The map's value and its `[Key: Provider<Value>]` are both made from the one dictionary of
/// resolvers with `mapValues`, which keeps its hash table: no key is hashed again.
@usableFromInline
final class LinkedMap<Key: Hashable, Value>: @unchecked Sendable {
    // Safe to share: set once while the graph is linked, then only read; every key came from
    // `intoMap(key:)`, which takes only `Sendable` keys.
    let resolvers: [Key: Resolver<Value>]

    init(resolvers: [Key: Resolver<Value>]) {
        self.resolvers = resolvers
    }

    /// The map's resolver: every entry's value.
    var resolve: Resolver<[Key: Value]> {
        sendableMapResolver { instance in self.values(in: instance) }
    }

    /// Every entry's value, resolved in `instance`.
    func values(in instance: ComponentInstance) -> [Key: Value] {
        resolvers.mapValues { resolve in resolve(instance) }
    }

    /// A provider of each entry, resolved in `instance` on `get()`.
    func providers(in instance: ComponentInstance) -> [Key: Provider<Value>] {
        let shared = SharedInstance(instance)
        return resolvers.mapValues { resolve in Provider(shared: shared, resolve: resolve) }
    }

    /// The linked map of a node, which validation guarantees was linked without effects.
    static func of(_ node: AnyNode) -> LinkedMap {
        guard let map = node.linkedMap as? LinkedMap else {
            preconditionFailure("Wiring internal error: the map [\(Key.self): \(Value.self)] was not linked as a map without effects.")
        }
        return map
    }

    /// The resolvers of each entry of the map linked in `node`, with or without effects: what
    /// `[Key: AsyncProvider<Value>]` and `[Key: MainActorProvider<Value>]` are made from.
    static func entries(of node: AnyNode) -> [Key: EffectfulResolvers<Value>] {
        if let map = node.linkedMap as? EffectfulLinkedMap<Key, Value> {
            return map.entries
        }
        return of(node).resolvers.mapValues { resolve in EffectfulResolvers(throwing: { instance in resolve(instance) }) }
    }
}

/// The linked entries of a map `[Key: Value]` whose resolution has effects: each key's
/// resolvers, an ancestor's entries included, from which `[Key: AsyncProvider<Value>]` and
/// `[Key: MainActorProvider<Value>]` are made.
final class EffectfulLinkedMap<Key: Hashable, Value>: @unchecked Sendable {
    // Safe to share: set once while the graph is linked, then only read; every key came from
    // `intoMap(key:)`, which takes only `Sendable` keys.
    let entries: [Key: EffectfulResolvers<Value>]

    /// The entries of an ancestor's map, `depth` levels up, resolved in its instance, then
    /// `own`, which replace the ancestor's under the same key.
    init(own: [(key: Key, resolvers: EffectfulResolvers<Value>)], after ancestor: (node: AnyNode, depth: Int)?) {
        var entries: [Key: EffectfulResolvers<Value>] = [:]
        if let (node, depth) = ancestor {
            entries = LinkedMap<Key, Value>.entries(of: node).mapValues { $0.inAncestor(depth) }
        }
        for (key, resolvers) in own {
            entries[key] = resolvers
        }
        self.entries = entries
    }
}

extension LinkedMap where Key: Sendable {
    /// The resolvers of a map whose entries have effects: an ancestor's map, then each entry in
    /// declaration order, in the context that runs them.
    static func effectful(
        _ entries: [(key: Key, resolvers: EffectfulResolvers<Value>)], after ancestor: (node: AnyNode, depth: Int)?, in context: EffectContext
    ) -> EffectfulResolvers<[Key: Value]> {
        switch context {
        case .synchronous, .throwing:
            let all = entries.compactMap { entry in entry.resolvers.throwing.map { (entry.key, $0) } }
            let inherited = ancestor.map { ancestor in (ancestor.node.throwingResolver(as: [Key: Value].self), ancestor.depth) }
            return EffectfulResolvers(throwing: { instance in
                var map = try inherited.map { resolve, depth in try resolve(instance.ancestor(depth)) } ?? [:]
                for (key, resolve) in all {
                    map[key] = try resolve(instance)
                }
                return map
            })
        case .mainActor:
            let all = entries.compactMap { entry in entry.resolvers.mainActor.map { (entry.key, $0) } }
            let inherited = ancestor.map { ancestor in (ancestor.node.mainActorResolver(as: [Key: Value].self), ancestor.depth) }
            return EffectfulResolvers(mainActor: { instance in
                var map = try inherited.map { resolve, depth in try resolve(instance.ancestor(depth)) } ?? [:]
                for (key, resolve) in all {
                    map[key] = try resolve(instance)
                }
                return map
            })
        case .async:
            let all = entries.map { entry in (entry.key, entry.resolvers.async) }
            let inherited = ancestor.map { ancestor in (ancestor.node.asyncResolver(as: [Key: Value].self), ancestor.depth) }
            return EffectfulResolvers(async: { instance in
                var map: [Key: Value] = [:]
                if let (resolve, depth) = inherited {
                    map = try await resolve(instance.ancestor(depth))
                }
                for (key, resolve) in all {
                    map[key] = try await resolve(instance)
                }
                return map
            })
        }
    }
}
