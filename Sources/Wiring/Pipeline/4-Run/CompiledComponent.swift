/// A component after `ComponentFactory.of`: the root's resolver and the layout of its instances.
///
/// Shared by every factory value and every build of the component; immutable.
@usableFromInline
final class CompiledComponent<C: ComponentBase>: Sendable {
    // The resolvers come before `description`, whose graph releases the linked nodes one at a
    // time: released first, they never free a chain of resolvers recursively.
    @usableFromInline let root: Resolver<C.Root>
    /// The root's resolver for ``MainActorComponentFactory``; nil for the other entry points.
    let mainActorRoot: MainActorResolver<C.Root>?
    /// The root's resolver for ``AsyncComponentFactory``; nil for the other entry points.
    let asyncRoot: AsyncResolver<C.Root>?
    @usableFromInline let layout: InstanceLayout
    @usableFromInline let seedSlot: StorageSlot?
    let description: GraphDescription

    init(
        root: @escaping Resolver<C.Root>, rootNode: AnyNode, entry: EffectContext, layout: InstanceLayout, seedSlot: StorageSlot?,
        description: GraphDescription
    ) {
        self.root = root
        self.mainActorRoot = entry == .mainActor ? rootNode.mainActorResolver(as: C.Root.self) : nil
        self.asyncRoot = entry == .async ? rootNode.asyncResolver(as: C.Root.self) : nil
        self.layout = layout
        self.seedSlot = seedSlot
        self.description = description
    }

    /// Configures, validates and links the component `C` and every subcomponent it installs.
    ///
    /// - Parameters:
    ///   - rules: The optional rules to check on top of the graph's soundness.
    ///   - overrides: Bindings that replace the component's own (for tests), or nil.
    ///   - entry: The context the root is built in: `.synchronous` for ``ComponentFactory``.
    /// - Throws: ``ValidationError`` with every problem of every graph.
    static func compile(
        rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)? = nil, entry: EffectContext = .synchronous
    ) throws(ValidationError) -> CompiledComponent<C> {
        let prepared = prepare(parent: nil, installation: nil, rules: rules, overrides: overrides, entry: entry)
        let diagnostics = prepared.allDiagnostics
        guard diagnostics.isEmpty else {
            throw ValidationError(componentName: TypeName.of(C.self), diagnostics: diagnostics)
        }
        return link(prepared, entry: entry)
    }

    /// Phase one: configures the component, resolves its graph (under its parent's, for a
    /// subcomponent), validates it, and prepares its subcomponents.
    static func prepare(
        parent: ResolvedGraph?, installation: AnySubcomponent?, rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)?,
        entry: EffectContext = .synchronous
    ) -> PreparedComponent {
        let builder = GraphBuilder(component: C.self)
        builder.configure(C.self)
        if let overrides {
            builder.declareOverrides { overrides(Binder<C.Scope>(graph: builder)) }
        }
        let graph = ResolvedGraph(graph: builder, parent: parent)
        let order = DependencyOrder(graph)
        graph.propagateEffects(order)
        var diagnostics = GraphValidator.diagnose(graph, order, rules: rules, entry: entry)
        builder.dropConfigurationState()
        if let installation {
            diagnostics = ScopeRule.diagnose(graph, installation: installation) + diagnostics.map { $0.locatedIn(graph.path) }
        }
        let children = builder.installations.map { subcomponent in
            PreparedComponent.Child(subcomponent: subcomponent, prepared: subcomponent.prepare(parent: graph, rules: rules))
        }
        graph.dropKeyLookup()
        return PreparedComponent(graph: graph, order: order, diagnostics: diagnostics, children: children)
    }

    /// Phase two: links a prepared, valid component, then its subcomponents.
    static func link(_ prepared: PreparedComponent, entry: EffectContext = .synchronous) -> CompiledComponent<C> {
        guard let root = prepared.graph.graph.root as? RootDeclaration<C.Root> else {
            preconditionFailure("Wiring internal error: \(C.self) was linked without a valid root.")
        }
        var linker = GraphLinker(prepared.graph)
        let rootLinker = linker.link(in: prepared.order)
        let description = GraphDescription(graph: prepared.graph, componentScope: C.Scope.self)
        // Not `Optional.map` and `??`: through their generic parameters the resolver would be
        // reabstracted twice, and every `build` would pay for two thunks in front of the root.
        let rootResolver: Resolver<C.Root>
        let rootNode: AnyNode
        if let entry = prepared.graph.rootEntry {
            rootNode = prepared.graph.nodes[entry]
            rootResolver = rootNode.resolver(as: C.Root.self)
        } else {
            rootResolver = root.resolver(with: rootLinker)
            rootNode = AnyNode()
            rootNode.setResolver(rootResolver)
            rootNode.effectful = rootLinker.sink?.resolvers
        }
        let compiled = CompiledComponent(
            root: rootResolver,
            rootNode: rootNode,
            entry: entry,
            layout: InstanceLayout(builder: linker.layout),
            seedSlot: linker.seedSlot,
            description: description
        )
        description.subcomponents = prepared.children.map { child in
            (child.subcomponent.site, child.subcomponent.link(child.prepared))
        }
        return compiled
    }
}
