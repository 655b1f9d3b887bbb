/// A component after `ComponentFactory.of`: the root's resolver and the layout of its instances.
///
/// Shared by every factory value and every build of the component; immutable.
@usableFromInline
final class CompiledComponent<C: ComponentBase>: Sendable {
    @usableFromInline let root: Resolver<C.Root>
    @usableFromInline let layout: InstanceLayout
    @usableFromInline let seedSlot: StorageSlot?
    let description: GraphDescription

    init(root: @escaping Resolver<C.Root>, layout: InstanceLayout, seedSlot: StorageSlot?, description: GraphDescription) {
        self.root = root
        self.layout = layout
        self.seedSlot = seedSlot
        self.description = description
    }

    /// Configures, validates and links the component `C` and every subcomponent it installs.
    ///
    /// - Parameters:
    ///   - rules: The optional rules to check on top of the graph's soundness.
    ///   - overrides: Bindings that replace the component's own (for tests), or nil.
    /// - Throws: ``ValidationError`` with every problem of every graph.
    static func compile(rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)? = nil) throws(ValidationError) -> CompiledComponent<C> {
        let prepared = prepare(parent: nil, installation: nil, rules: rules, overrides: overrides)
        let diagnostics = prepared.allDiagnostics
        guard diagnostics.isEmpty else {
            throw ValidationError(componentName: TypeName.of(C.self), diagnostics: diagnostics)
        }
        return link(prepared)
    }

    /// Phase one: configures the component, resolves its graph (under its parent's, for a
    /// subcomponent), validates it, and prepares its subcomponents.
    static func prepare(
        parent: ResolvedGraph?, installation: AnySubcomponent?, rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)?
    ) -> PreparedComponent {
        let builder = GraphBuilder(component: C.self)
        builder.configure(C.self)
        if let overrides {
            builder.declareOverrides { overrides(Binder<C.Scope>(graph: builder)) }
        }
        let graph = ResolvedGraph(graph: builder, parent: parent)
        let order = DependencyOrder(graph)
        var diagnostics = GraphValidator.diagnose(graph, order, rules: rules)
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
    static func link(_ prepared: PreparedComponent) -> CompiledComponent<C> {
        guard let root = prepared.graph.graph.root as? RootDeclaration<C.Root> else {
            preconditionFailure("Wiring internal error: \(C.self) was linked without a valid root.")
        }
        var linker = GraphLinker(prepared.graph)
        let rootLinker = linker.link(in: prepared.order)
        let description = GraphDescription(graph: prepared.graph, componentScope: C.Scope.self)
        // Not `Optional.map` and `??`: through their generic parameters the resolver would be
        // reabstracted twice, and every `build` would pay for two thunks in front of the root.
        let rootResolver: Resolver<C.Root>
        if let entry = prepared.graph.rootEntry {
            rootResolver = prepared.graph.nodes[entry].resolver(as: C.Root.self)
        } else {
            rootResolver = root.resolver(with: rootLinker)
        }
        let compiled = CompiledComponent(
            root: rootResolver,
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

/// A component after phase one of `of`: configured, resolved and validated, not yet linked.
final class PreparedComponent {
    /// A subcomponent the component installs, prepared under it.
    struct Child {
        let subcomponent: AnySubcomponent
        let prepared: PreparedComponent
    }

    let graph: ResolvedGraph
    let order: DependencyOrder
    let diagnostics: [Diagnostic]
    let children: [Child]

    init(graph: ResolvedGraph, order: DependencyOrder, diagnostics: [Diagnostic], children: [Child]) {
        self.graph = graph
        self.order = order
        self.diagnostics = diagnostics
        self.children = children
    }

    /// The component's diagnostics, then its subcomponents', depth first.
    var allDiagnostics: [Diagnostic] {
        diagnostics + children.flatMap(\.prepared.allDiagnostics)
    }
}

extension GraphBuilder {
    /// Runs the component's `configure` and `configureRoot` and binds its seed.
    func configure<C: ComponentBase>(_ component: C.Type) {
        setScope(C.Scope.self)
        if C.Seed.self != Void.self {
            setSeed(SeedBinding.declaration(for: C.Seed.self, component: C.self))
        }
        C.configure(binder: Binder<C.Scope>(graph: self))
        _ = C.configureRoot(binder: ReceiptBinder { [self] recipe in
            setRoot(RootDeclaration(recipe: recipe, key: BindingKey(C.Root.self), site: recipe.site, declaringModule: C.self))
            return BindingReceipt()
        })
    }
}

/// How a component's seed is bound: as itself, or, for a provider seed such as
/// `TaggedProvider<UserID>`, as the value the provider gives.
enum SeedBinding {
    static func declaration<Seed>(for seed: Seed.Type, component: any Any.Type) -> AnyDeclaration {
        if let provider = Seed.self as? any (ProviderProtocol & DependencyWrapper).Type {
            return providerDeclaration(provider, component: component)
        }
        return SeedDeclaration<Seed, Seed>(component: component)
    }

    private static func providerDeclaration<P: ProviderProtocol & DependencyWrapper>(_ provider: P.Type, component: any Any.Type) -> AnyDeclaration {
        SeedDeclaration<P, P.Element>(key: P.wrappedKey, component: component) { $0.get() }
    }
}
