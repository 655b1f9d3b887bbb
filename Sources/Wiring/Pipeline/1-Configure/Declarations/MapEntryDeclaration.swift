/// One declaration about the map `[Key: Value]`: an entry
/// (`bind(V.self).intoMap(key: k).to(factory: …)`), the map's declaration (`declareMap`), or a
/// test's removal of an entry.
///
/// Every declaration of a map shares the map's key `[Key: Value]`, so the graph groups them the
/// way it groups a collection's contributions; the first one links the map from all of them.
final class MapEntryDeclaration<Key: Hashable & Sendable, Value>: AnyDeclaration {
    private let entryRole: MapRole
    private let entryKey: Key?
    private var link: RecipeLink<Value>?

    /// An entry under `key`, made by `recipe`.
    init(
        entry recipe: _BindingRecipe<Value>, under key: Key, mapKey: BindingKey, site: CallSite, declaringModule: any Any.Type,
        isShared: Bool, effects: Effects, carriesEffects: Bool
    ) {
        self.entryRole = .entry
        self.entryKey = key
        self.link = RecipeLink(recipe.link)
        super.init(key: mapKey, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    /// The map's declaration, or the removal of the entry under `key`: neither adds an entry.
    init(_ role: MapRole, under key: Key?, mapKey: BindingKey, site: CallSite, declaringModule: any Any.Type) {
        self.entryRole = role
        self.entryKey = key
        self.link = nil
        super.init(key: mapKey, role: .contribution, requests: [], site: site, declaringModule: declaringModule, isShared: false)
    }

    override var elementType: (any Any.Type)? { Value.self }

    override var sharedValueType: any Any.Type { Value.self }

    override var mapKey: MapKey? { entryKey.map(MapKey.init) }

    override var mapRole: MapRole? { entryRole }

    /// The entry this declaration adds, linked: its key and resolver; nil when it adds none.
    private func linkedEntry(with linker: Linker) -> (key: Key, resolve: Resolver<Value>)? {
        guard entryRole == .entry, let key = entryKey, var recipeLink = link else { return nil }
        let resolve = recipeLink.take()(linker)
        link = recipeLink
        return (key, resolve)
    }

    override func linkCollection(into node: AnyNode, contributions: [AnyDeclaration], with linkers: [Linker], inherited: InheritedCollection?) {
        // Every declaration grouped under the key `[Key: Value]` is one of this type.
        let declarations = contributions.map { knownClass($0, as: MapEntryDeclaration<Key, Value>.self) }
        if let context = linkers.first?.context, context != .synchronous {
            var entries: [(key: Key, resolvers: EffectfulResolvers<Value>)] = []
            for (declaration, linker) in zip(declarations, linkers) {
                guard declaration.linkedEntry(with: linker) != nil, let key = declaration.entryKey else { continue }
                entries.append((key, linker.sinkResolvers(as: Value.self)))
            }
            let ancestor = inherited.map { (node: $0.node, depth: $0.depth) }
            node.setEffectfulResolvers(LinkedMap<Key, Value>.effectful(entries, after: ancestor, in: context), as: [Key: Value].self)
            // Read by `[Key: AsyncProvider<Value>]` and `[Key: MainActorProvider<Value>]`.
            node.linkedMap = EffectfulLinkedMap(own: entries, after: ancestor)
            return
        }
        var resolvers: [Key: Resolver<Value>] = [:]
        if let inherited {
            let ancestorMap = LinkedMap<Key, Value>.of(inherited.node)
            let depth = inherited.depth
            resolvers = ancestorMap.resolvers.mapValues { resolve in { instance in resolve(instance.ancestor(depth)) } }
        }
        for (declaration, linker) in zip(declarations, linkers) {
            guard let entry = declaration.linkedEntry(with: linker) else { continue }
            // Validation reports a key contributed twice; were one to slip through, the last wins.
            resolvers[entry.key] = entry.resolve
        }
        let map = LinkedMap(resolvers: resolvers)
        node.linkedMap = map
        node.setResolver(map.resolve)
    }
}
