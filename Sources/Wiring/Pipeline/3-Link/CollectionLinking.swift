/// Links a collection's or a map's node from all of its contributions, after the contributions
/// an ancestor component makes to the same key; ``GraphLinker`` hands it the key's first
/// declaration, which picks the method of its kind (``AnyDeclaration/link(with:)``).
struct CollectionLinking: DeclarationLinking {
    let node: AnyNode
    let contributions: [AnyDeclaration]
    let linkers: [Linker]
    let inherited: InheritedCollection?

    func link<Element>(_ declaration: ContributionDeclaration<Element>) {
        declaration.linkCollection(into: node, contributions: contributions, with: linkers, inherited: inherited)
    }

    func link<Key: Hashable & Sendable, Value>(_ declaration: MapEntryDeclaration<Key, Value>) {
        declaration.linkCollection(into: node, contributions: contributions, with: linkers, inherited: inherited)
    }

    func link(_ declaration: UniqueDeclaration) { Self.notACollection(declaration) }
    func link<Root>(_ declaration: RootDeclaration<Root>) { Self.notACollection(declaration) }
    func link<Seed, Element>(_ declaration: SeedDeclaration<Seed, Element>) { Self.notACollection(declaration) }
    func link<Sub: ComponentBase>(_ declaration: SubcomponentFactoryDeclaration<Sub>) { Self.notACollection(declaration) }

    private static func notACollection(_ declaration: AnyDeclaration) -> Never {
        preconditionFailure("Wiring internal error: the unique binding \(declaration.key.displayName) was linked as a collection.")
    }
}

/// Appends one contribution's values to the collection being resolved.
typealias Appender<Element> = @Sendable (ComponentInstance, inout [Element]) -> Void

extension ContributionDeclaration {
    /// Links the contribution: what it appends to the collection being resolved.
    fileprivate func appender(with linker: Linker) -> Appender<Element> {
        switch recipeLink {
        case var .element(recipeLink):
            let resolve = recipeLink.take()(linker)
            self.recipeLink = .element(recipeLink)
            return { instance, elements in elements.append(resolve(instance)) }
        case var .elements(recipeLink):
            let resolve = recipeLink.take()(linker)
            self.recipeLink = .elements(recipeLink)
            return { instance, elements in elements.append(contentsOf: resolve(instance)) }
        }
    }

    /// Links the contribution in an effectful context: the resolvers of its elements.
    fileprivate func effectfulElements(with linker: Linker) -> EffectfulResolvers<[Element]> {
        switch recipeLink {
        case var .element(recipeLink):
            _ = recipeLink.take()(linker)
            self.recipeLink = .element(recipeLink)
            let element = linker.sinkResolvers(as: Element.self)
            if let resolve = element.throwing {
                return EffectfulResolvers(throwing: { instance in [try resolve(instance)] })
            }
            if let resolve = element.mainActor {
                return EffectfulResolvers(mainActor: { instance in [try resolve(instance)] })
            }
            let resolve = element.async
            return EffectfulResolvers(async: { instance in [try await resolve(instance)] })
        case var .elements(recipeLink):
            _ = recipeLink.take()(linker)
            self.recipeLink = .elements(recipeLink)
            return linker.sinkResolvers(as: [Element].self)
        }
    }

    /// Links the collection's node from all of its contributions (this one the first) and the
    /// collection an ancestor component makes of the same key, in ``CollectionOrder``.
    fileprivate func linkCollection(into node: AnyNode, contributions: [AnyDeclaration], with linkers: [Linker], inherited: InheritedCollection?) {
        if let context = linkers.first?.context, context != .synchronous {
            let parts = zip(contributions, linkers).map { contribution, linker in
                knownClass(contribution, as: ContributionDeclaration<Element>.self).effectfulElements(with: linker)
            }
            let ancestor = inherited.map { inherited in (node: inherited.node, depth: inherited.depth) }
            node.setEffectfulResolvers(Self.collection(of: parts, after: ancestor, in: context), as: [Element].self)
            return
        }
        // Every contribution to one key has the same element type: the key is `[Element]`.
        let own = zip(contributions, linkers).map { contribution, linker in
            knownClass(contribution, as: ContributionDeclaration<Element>.self).appender(with: linker)
        }
        let ancestor = inherited.map { inherited -> Appender<Element> in
            let ancestorNode = inherited.node
            let depth = inherited.depth
            return { instance, elements in
                elements.append(contentsOf: ancestorNode.resolver(as: [Element].self)(instance.ancestor(depth)))
            }
        }
        let allAppenders = CollectionOrder.parts(own: own, inherited: ancestor)
        let count = allAppenders.count
        let resolve: Resolver<[Element]> = { instance in
            var elements: [Element] = []
            elements.reserveCapacity(count)
            for append in allAppenders { append(instance, &elements) }
            return elements
        }
        node.setResolver(resolve)
    }
}

extension ContributionDeclaration {
    /// The resolvers of a collection whose contributions have effects: each contribution's
    /// elements and an ancestor's collection in ``CollectionOrder``, in the context that runs
    /// them.
    static func collection(
        of parts: [EffectfulResolvers<[Element]>], after ancestor: (node: AnyNode, depth: Int)?, in context: EffectContext
    ) -> EffectfulResolvers<[Element]> {
        switch context {
        case .synchronous, .throwing:
            let inherited = ancestor.map { ancestor -> ThrowingResolver<[Element]> in
                let resolve = ancestor.node.throwingResolver(as: [Element].self)
                return { instance in try resolve(instance.ancestor(ancestor.depth)) }
            }
            let all = CollectionOrder.parts(own: parts.compactMap(\.throwing), inherited: inherited)
            return EffectfulResolvers(throwing: { instance in try all.flatMap { try $0(instance) } })
        case .mainActor:
            let inherited = ancestor.map { ancestor -> MainActorResolver<[Element]> in
                let resolve = ancestor.node.mainActorResolver(as: [Element].self)
                return { instance in try resolve(instance.ancestor(ancestor.depth)) }
            }
            let all = CollectionOrder.parts(own: parts.compactMap(\.mainActor), inherited: inherited)
            return EffectfulResolvers(mainActor: { instance in try all.flatMap { try $0(instance) } })
        case .async:
            let inherited = ancestor.map { ancestor -> AsyncResolver<[Element]> in
                let resolve = ancestor.node.asyncResolver(as: [Element].self)
                return { instance in try await resolve(instance.ancestor(ancestor.depth)) }
            }
            let all = CollectionOrder.parts(own: parts.map(\.async), inherited: inherited)
            return EffectfulResolvers(async: { instance in
                var elements: [Element] = []
                for resolve in all {
                    elements += try await resolve(instance)
                }
                return elements
            })
        }
    }
}

extension MapEntryDeclaration {
    /// The entry this declaration adds, linked: its key and resolver; nil when it adds none.
    fileprivate func linkedEntry(with linker: Linker) -> (key: Key, resolve: Resolver<Value>)? {
        guard entryRole == .entry, let key = entryKey, var recipeLink = self.recipeLink else { return nil }
        let resolve = recipeLink.take()(linker)
        self.recipeLink = recipeLink
        return (key, resolve)
    }

    /// Links the map's node from all of its declarations (this one the first), after the
    /// entries an ancestor component adds to the same map.
    fileprivate func linkCollection(into node: AnyNode, contributions: [AnyDeclaration], with linkers: [Linker], inherited: InheritedCollection?) {
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
