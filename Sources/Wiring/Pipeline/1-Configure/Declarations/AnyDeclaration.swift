/// One binding as `configure` declared it: the key it binds, what its factory asks for, where
/// it was declared, and how to link it once the graph is known to be sound.
@usableFromInline
class AnyDeclaration {
    /// How a declaration takes part in the graph.
    enum Role {
        /// The only binding of its key.
        case unique
        /// One of the contributions merged into a collection key.
        case contribution
        /// The component's root, made by `configureRoot`; not a key anyone can ask for.
        case root
        /// The component's seed, stored by `build`.
        case seed
    }

    // Ordered so that the small fields fill the bytes the larger ones leave free: the flags and
    // `requestStart` follow the key's optional tag, `requestCount` and `linkIndex` the call site.
    let key: BindingKey
    let role: Role
    let isShared: Bool
    /// The effects of the binding's factory itself.
    var effects: Effects = []
    /// Whether the binding's parameters' effects travel to whoever takes its value (see
    /// `_BindingRecipe.carriesEffects`); when they cannot, validation reports them here.
    var carriesEffects = true
    /// Whether the declaration replaces the component's own bindings of its key (a test override).
    var isOverride = false
    private var requestStart: Int32 = 0
    /// The array the requests are in: the declaration's own until the graph is resolved, then
    /// the graph's, which holds every declaration's requests.
    private var requestStore: [DependencyRequest]
    let site: CallSite?
    private var requestCount: UInt16
    /// Where the graph builder keeps the declaration's link function until the graph is linked
    /// (see ``GraphBuilder/takeLink(of:)``); -1 for declarations that have none there.
    var linkIndex: Int32 = -1
    /// The module (or component) whose `configure` declared the binding.
    let declaringModule: any Any.Type

    init(key: BindingKey, role: Role, requests: [DependencyRequest], site: CallSite?, declaringModule: any Any.Type, isShared: Bool) {
        self.key = key
        self.role = role
        self.requestStore = requests
        // A factory has at most a few dozen parameters, far fewer than 65,536.
        self.requestCount = UInt16(requests.count)
        self.site = site
        self.declaringModule = declaringModule
        self.isShared = isShared
    }

    /// What the factory asks for, in parameter order.
    var requests: ArraySlice<DependencyRequest> {
        requestStore[Int(requestStart)..<Int(requestStart) + Int(requestCount)]
    }

    /// Takes the requests from the array the whole graph shares, where they start at `start`.
    func shareRequests(_ store: [DependencyRequest], start: Int32) {
        requestStore = store
        requestStart = start
    }

    var location: SourceLocation? { site?.location }

    /// The element type of a collection contribution; nil for other declarations.
    var elementType: (any Any.Type)? { nil }

    /// Whether the declaration is the factory of an installed subcomponent, which binds no type
    /// of any library (the wiring rule leaves it alone).
    var isSubcomponentFactory: Bool { false }

    /// Takes the effects of the recipe that made the declaration.
    func adoptEffects<Input>(of recipe: _BindingRecipe<Input>) {
        effects = recipe.effects
        carriesEffects = recipe.carriesEffects
    }

    /// Reserves the storage of a shared binding in the component instance, for the context the
    /// binding is linked in.
    func reserveSharedSlot(in layout: inout InstanceLayoutBuilder, context: EffectContext) -> StorageSlot {
        preconditionFailure("\(Self.self) cannot be shared")
    }

    /// Reserves the storage of the seed in the component instance.
    func reserveSeedSlot(in layout: inout InstanceLayoutBuilder) -> StorageSlot {
        preconditionFailure("\(Self.self) is not a seed")
    }

    /// Links a unique declaration (or a seed) into its node; `graph` is the builder that
    /// collected the declaration.
    func link(into node: AnyNode, with linker: Linker, from graph: GraphBuilder) { preconditionFailure("\(Self.self) is not linked into a node") }

    /// Links a collection key's node from all of its contributions, after the contributions an
    /// ancestor component makes to the same collection; called on the first contribution.
    func linkCollection(into node: AnyNode, contributions: [AnyDeclaration], with linkers: [Linker], inherited: InheritedCollection?) {
        preconditionFailure("\(Self.self) is not a contribution")
    }
}

/// How a recipe links its value, given up once it has: a linked graph keeps only resolvers.
struct RecipeLink<Input> {
    private var link: ((Linker) -> Resolver<Input>)?

    init(_ link: @escaping (Linker) -> Resolver<Input>) {
        self.link = link
    }

    /// The link function; a second call is an internal error.
    mutating func take() -> (Linker) -> Resolver<Input> {
        guard let link else { preconditionFailure("Wiring internal error: a binding was linked twice.") }
        self.link = nil
        return link
    }
}

/// The single binding of a key.
///
/// Not generic, like ``AnyNode``: most declarations are unique ones, and a generic class would
/// cost a runtime metadata lookup per binding in every `ComponentFactory.of`. The type of the
/// value is the key's. The recipe's link function waits in the ``GraphBuilder``, not here: a
/// linked graph keeps its declarations for the graph export, and 16 bytes more would move each
/// of them to a larger allocation.
final class UniqueDeclaration: AnyDeclaration {
    init(key: BindingKey, requests: [DependencyRequest], site: CallSite, declaringModule: any Any.Type, isShared: Bool) {
        super.init(key: key, role: .unique, requests: requests, site: site, declaringModule: declaringModule, isShared: isShared)
    }

    override func reserveSharedSlot(in layout: inout InstanceLayoutBuilder, context: EffectContext) -> StorageSlot {
        layout.addShared(key.type, in: context)
    }

    override func link(into node: AnyNode, with linker: Linker, from graph: GraphBuilder) {
        let box = graph.takeLink(of: self)
        func linkValue<T>(of type: T.Type) {
            node.setResolver(box.cast(to: T.self).link(linker))
        }
        linkValue(of: key.type)
    }
}

/// A recipe's link function inside a struct, so that its type parameter can change with
/// `unsafeBitCast`, as ``ResolverBox`` does for resolvers.
struct LinkBox<T> {
    let link: (Linker) -> Resolver<T>

    /// The same function for `U`, which must be `T`.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func cast<U>(to type: U.Type) -> LinkBox<U> {
        unsafeBitCast(self, to: LinkBox<U>.self)
    }
}

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

/// A contribution of one element: `bind(E.self).intoCollection().to(value: e)`.
final class SingleContribution<Element>: ContributionDeclaration<Element> {
    private var link: RecipeLink<Element>

    init(recipe: _BindingRecipe<Element>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool) {
        self.link = RecipeLink(recipe.link)
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(of: recipe)
    }

    override func reserveSharedSlot(in layout: inout InstanceLayoutBuilder, context: EffectContext) -> StorageSlot {
        layout.addShared(Element.self, in: context)
    }

    override func appender(with linker: Linker) -> Appender<Element> {
        let resolve = link.take()(linker)
        return { instance, elements in elements.append(resolve(instance)) }
    }

    override func effectfulElements(with linker: Linker) -> EffectfulResolvers<[Element]> {
        _ = link.take()(linker)
        let element = Self.linkedResolvers(linker, as: Element.self)
        if let resolve = element.throwing {
            return EffectfulResolvers(throwing: { instance in [try resolve(instance)] })
        }
        if let resolve = element.mainActor {
            return EffectfulResolvers(mainActor: { instance in [try resolve(instance)] })
        }
        let resolve = element.async
        return EffectfulResolvers(async: { instance in [try await resolve(instance)] })
    }
}

/// A contribution of several elements: `bind(E.self).intoCollection().to(value: [e1, e2])`.
final class ArrayContribution<Element>: ContributionDeclaration<Element> {
    private var link: RecipeLink<[Element]>

    init(recipe: _BindingRecipe<[Element]>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool) {
        self.link = RecipeLink(recipe.link)
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(of: recipe)
    }

    override func reserveSharedSlot(in layout: inout InstanceLayoutBuilder, context: EffectContext) -> StorageSlot {
        layout.addShared([Element].self, in: context)
    }

    override func appender(with linker: Linker) -> Appender<Element> {
        let resolve = link.take()(linker)
        return { instance, elements in elements.append(contentsOf: resolve(instance)) }
    }

    override func effectfulElements(with linker: Linker) -> EffectfulResolvers<[Element]> {
        _ = link.take()(linker)
        return Self.linkedResolvers(linker, as: [Element].self)
    }
}

/// The root of a component, from `configureRoot`; also the binding of its type when nothing
/// else binds it.
final class RootDeclaration<Root>: AnyDeclaration {
    private var link: RecipeLink<Root>

    init(recipe: _BindingRecipe<Root>, key: BindingKey, site: CallSite, declaringModule: any Any.Type) {
        self.link = RecipeLink(recipe.link)
        super.init(key: key, role: .root, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: false)
        adoptEffects(of: recipe)
    }

    /// The root's resolver. Called once, when the graph is linked.
    func resolver(with linker: Linker) -> Resolver<Root> {
        link.take()(linker)
    }

    override func link(into node: AnyNode, with linker: Linker, from graph: GraphBuilder) {
        node.setResolver(resolver(with: linker))
    }
}

/// The seed of a component: the value passed to `build`, stored in the instance.
///
/// A seed that is itself a provider (`TaggedProvider<UserID>`) binds the key it provides, so
/// factories ask for it the way they ask for any tagged value.
final class SeedDeclaration<Seed, Element>: AnyDeclaration {
    private let element: @Sendable (Seed) -> Element
    private(set) var slot: StorageSlot?

    init(key: BindingKey, component: any Any.Type, element: @escaping @Sendable (Seed) -> Element) {
        self.element = element
        super.init(key: key, role: .seed, requests: [], site: nil, declaringModule: component, isShared: false)
    }

    override func reserveSeedSlot(in layout: inout InstanceLayoutBuilder) -> StorageSlot {
        let slot = layout.addSeed(Seed.self)
        self.slot = slot
        return slot
    }

    override func link(into node: AnyNode, with linker: Linker, from graph: GraphBuilder) {
        guard let slot else { preconditionFailure("Wiring internal error: the seed was linked before its slot was reserved.") }
        let element = self.element
        let resolve: Resolver<Element> = { instance in
            element(instance.storedValue(at: slot, as: Seed.self))
        }
        node.setResolver(resolve)
    }
}

extension SeedDeclaration where Seed == Element {
    convenience init(component: any Any.Type) {
        self.init(key: BindingKey(Seed.self), component: component, element: { $0 })
    }
}
