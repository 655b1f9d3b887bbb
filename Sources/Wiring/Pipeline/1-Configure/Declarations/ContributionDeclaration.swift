/// Appends one contribution's values to the collection being resolved.
typealias Appender<Element> = @Sendable (ComponentInstance, inout [Element]) -> Void

/// A contribution to the collection `[Element]`: one element
/// (`bind(E.self).intoCollection().to(value: e)`) or several
/// (`bind(E.self).intoCollection().to(value: [e1, e2])`).
final class ContributionDeclaration<Element>: AnyDeclaration {
    /// How the recipe links its value, given up once it has.
    private enum Link {
        /// A recipe of one element.
        case element(RecipeLink<Element>)
        /// A recipe of an array of elements.
        case elements(RecipeLink<[Element]>)
    }

    private var link: Link

    /// A contribution of one element.
    init(
        element recipe: _BindingRecipe<Element>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool,
        effects: Effects, carriesEffects: Bool
    ) {
        self.link = .element(RecipeLink(recipe.link))
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    /// A contribution of several elements.
    init(
        elements recipe: _BindingRecipe<[Element]>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool,
        effects: Effects, carriesEffects: Bool
    ) {
        self.link = .elements(RecipeLink(recipe.link))
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    override var elementType: (any Any.Type)? { Element.self }

    override var sharedValueType: any Any.Type {
        switch link {
        case .element: Element.self
        case .elements: [Element].self
        }
    }

    /// Links the contribution: what it appends to the collection being resolved.
    private func appender(with linker: Linker) -> Appender<Element> {
        switch link {
        case var .element(recipeLink):
            let resolve = recipeLink.take()(linker)
            link = .element(recipeLink)
            return { instance, elements in elements.append(resolve(instance)) }
        case var .elements(recipeLink):
            let resolve = recipeLink.take()(linker)
            link = .elements(recipeLink)
            return { instance, elements in elements.append(contentsOf: resolve(instance)) }
        }
    }

    /// Links the contribution in an effectful context: the resolvers of its elements.
    private func effectfulElements(with linker: Linker) -> EffectfulResolvers<[Element]> {
        switch link {
        case var .element(recipeLink):
            _ = recipeLink.take()(linker)
            link = .element(recipeLink)
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
            link = .elements(recipeLink)
            return linker.sinkResolvers(as: [Element].self)
        }
    }

    override func linkCollection(into node: AnyNode, contributions: [AnyDeclaration], with linkers: [Linker], inherited: InheritedCollection?) {
        if let context = linkers.first?.context, context != .synchronous {
            let parts = zip(contributions, linkers).map { contribution, linker in
                knownClass(contribution, as: ContributionDeclaration<Element>.self).effectfulElements(with: linker)
            }
            let ancestor = inherited.map { inherited in (node: inherited.node, depth: inherited.depth) }
            node.setEffectfulResolvers(Self.collection(of: parts, after: ancestor, in: context), as: [Element].self)
            return
        }
        // Every contribution to one key has the same element type: the key is `[Element]`.
        var appenders = zip(contributions, linkers).map { contribution, linker in
            knownClass(contribution, as: ContributionDeclaration<Element>.self).appender(with: linker)
        }
        if let inherited {
            let ancestorNode = inherited.node
            let depth = inherited.depth
            appenders.insert({ instance, elements in
                elements.append(contentsOf: ancestorNode.resolver(as: [Element].self)(instance.ancestor(depth)))
            }, at: 0)
        }
        let count = appenders.count
        let allAppenders = appenders
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
    /// elements in order, after an ancestor's collection, in the context that runs them.
    static func collection(
        of parts: [EffectfulResolvers<[Element]>], after ancestor: (node: AnyNode, depth: Int)?, in context: EffectContext
    ) -> EffectfulResolvers<[Element]> {
        switch context {
        case .synchronous, .throwing:
            var resolvers = parts.compactMap(\.throwing)
            if let ancestor {
                let resolve = ancestor.node.throwingResolver(as: [Element].self)
                resolvers.insert({ instance in try resolve(instance.ancestor(ancestor.depth)) }, at: 0)
            }
            let all = resolvers
            return EffectfulResolvers(throwing: { instance in try all.flatMap { try $0(instance) } })
        case .mainActor:
            var resolvers = parts.compactMap(\.mainActor)
            if let ancestor {
                let resolve = ancestor.node.mainActorResolver(as: [Element].self)
                resolvers.insert({ instance in try resolve(instance.ancestor(ancestor.depth)) }, at: 0)
            }
            let all = resolvers
            return EffectfulResolvers(mainActor: { instance in try all.flatMap { try $0(instance) } })
        case .async:
            var resolvers = parts.map(\.async)
            if let ancestor {
                let resolve = ancestor.node.asyncResolver(as: [Element].self)
                resolvers.insert({ instance in try await resolve(instance.ancestor(ancestor.depth)) }, at: 0)
            }
            let all = resolvers
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
