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

    /// Configures, validates and links the component `C`.
    ///
    /// - Parameters:
    ///   - rules: The optional rules to check on top of the graph's soundness.
    ///   - overrides: Bindings that replace the component's own (for tests), or nil.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    static func compile(rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)? = nil) throws(ValidationError) -> CompiledComponent<C> {
        let builder = GraphBuilder(component: C.self)
        builder.configure(C.self)
        if let overrides {
            builder.declareOverrides { overrides(Binder<C.Scope>(graph: builder)) }
        }
        let graph = ResolvedGraph(graph: builder)
        let order = DependencyOrder(graph)
        let diagnostics = GraphValidator.diagnose(graph, order, rules: rules)
        guard diagnostics.isEmpty, let root = builder.root as? RootDeclaration<C.Root> else {
            throw ValidationError(componentName: TypeName.of(C.self), diagnostics: diagnostics)
        }
        var linker = GraphLinker(graph)
        let rootLinker = linker.link(in: order)
        return CompiledComponent(
            root: root.resolver(with: rootLinker),
            layout: InstanceLayout(builder: linker.layout),
            seedSlot: linker.seedSlot,
            description: GraphDescription(graph: graph, componentScope: C.Scope.self)
        )
    }
}

extension GraphBuilder {
    /// Runs the component's `configure` and `configureRoot` and binds its seed.
    func configure<C: ComponentBase>(_ component: C.Type) {
        if C.Seed.self != Void.self {
            setSeed(SeedBinding.declaration(for: C.Seed.self, component: C.self))
        }
        C.configure(binder: Binder<C.Scope>(graph: self))
        _ = C.configureRoot(binder: ReceiptBinder { [self] recipe in
            setRoot(RootDeclaration(recipe: recipe, key: BindingKey(C.Root.self), role: .root, site: recipe.site, declaringModule: C.self, isShared: false))
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
