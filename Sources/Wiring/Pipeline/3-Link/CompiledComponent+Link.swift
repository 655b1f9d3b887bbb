extension CompiledComponent {
    /// The entry of stage 3, linking: compiles a prepared, valid component into resolvers and
    /// the layout of its instances, then links its subcomponents.
    ///
    /// In: a `PreparedComponent` without diagnostics. `GraphLinker` walks the keys in
    /// `DependencyOrder`, gives each declaration a `Linker` (its parameters' link targets, its
    /// shared slot, its effect context) and lets it set its `AnyNode`'s resolver: a recipe
    /// composes its parameters' resolvers into one closure that calls the factory (`Linker+Packs`
    /// for parameter packs, `Linker+Effects` and `EffectfulResolvers` for bindings whose
    /// resolution throws, awaits or runs on the main actor). `InstanceLayoutBuilder` reserves the
    /// seed's and each shared binding's slot. Out: a `CompiledComponent`, immutable, shared by
    /// every build.
    static func link(_ prepared: PreparedComponent, entry: EffectContext = .synchronous) -> CompiledComponent<C> {
        guard let root = prepared.graph.builder.root as? RootDeclaration<C.Root> else {
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
            layout: linker.layout.layout(keeping: linker.packCells.cells),
            seedSlot: linker.seedSlot,
            description: description
        )
        description.subcomponents = prepared.children.map { child in
            (child.subcomponent.site, linkSubcomponent(child.subcomponent.component, child))
        }
        // Every descendant is linked: nothing reads how deep the keys lie any more.
        prepared.graph.depths = []
        return compiled
    }

    /// Links a subcomponent prepared under this component, after it, and hands it to its
    /// factory's binding.
    private static func linkSubcomponent<Sub: ComponentBase>(_ type: Sub.Type, _ child: PreparedComponent.Child) -> GraphDescription {
        guard let subcomponent = child.subcomponent as? Subcomponent<Sub> else {
            preconditionFailure("Wiring internal error: the subcomponent \(Sub.self) was installed as another type.")
        }
        let compiled = CompiledComponent<Sub>.link(child.prepared)
        subcomponent.setCompiled(compiled)
        return compiled.description
    }
}
