/// Appends one contribution's values to the collection being resolved.
typealias Appender<Element> = @Sendable (ComponentInstance, inout [Element]) -> Void

/// A contribution to the collection `[Element]`.
class ContributionDeclaration<Element>: AnyDeclaration {
    override var elementType: (any Any.Type)? { Element.self }

    func appender(with linker: Linker) -> Appender<Element> {
        preconditionFailure("\(Self.self) must provide an appender")
    }

    /// The resolvers of this contribution's elements, linked in an effectful context.
    func effectfulElements(with linker: Linker) -> EffectfulResolvers<[Element]> {
        preconditionFailure("\(Self.self) must provide its elements")
    }

    override func linkCollection(into node: AnyNode, contributions: [AnyDeclaration], with linkers: [Linker], inherited: InheritedCollection?) {
        if let context = linkers.first?.context, context != .synchronous {
            let parts = zip(contributions, linkers).map { contribution, linker in
                unsafeDowncast(contribution, to: ContributionDeclaration<Element>.self).effectfulElements(with: linker)
            }
            let ancestor = inherited.map { inherited in (node: inherited.node, depth: inherited.depth) }
            node.setEffectfulResolvers(Self.collection(of: parts, after: ancestor, in: context), as: [Element].self)
            return
        }
        // Every contribution to one key has the same element type: the key is `[Element]`.
        var appenders = zip(contributions, linkers).map { contribution, linker in
            unsafeDowncast(contribution, to: ContributionDeclaration<Element>.self).appender(with: linker)
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

    /// The resolvers a contribution's recipe left in its linker's sink.
    static func linkedResolvers<T>(_ linker: Linker, as type: T.Type) -> EffectfulResolvers<T> {
        guard let resolvers = linker.sink?.resolvers as? EffectfulResolvers<T> else {
            preconditionFailure("Wiring internal error: a contribution to [\(Element.self)] was not linked in its effectful context.")
        }
        return resolvers
    }
}
