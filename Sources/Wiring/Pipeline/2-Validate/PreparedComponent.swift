/// Stage 2 of the pipeline, validation: a component configured, resolved and validated, not yet
/// linked. Its entry is ``prepare(_:parent:installation:rules:overrides:entry:)``, at the end of
/// this file.
///
/// In: the configured `GraphBuilder` and, for a subcomponent, its parent's `ResolvedGraph`.
/// `ResolvedGraph` groups the declarations by key and resolves every factory parameter to a key
/// (here, or in an ancestor); `DependencyOrder` orders the keys dependencies first and finds the
/// cycles; `ResolvedGraph+Effects` propagates the effects of factories (`throws`, `async`,
/// `@MainActor`) to whoever takes their values eagerly and decides each key's `EffectContext`;
/// `GraphValidator` runs every rule (`Rules/`, one file each) and collects every problem. Once the
/// whole tree is prepared, the root component checks every request of a subcomponent's factory
/// against the effects of that subcomponent's root. Out: a `PreparedComponent` with its
/// diagnostics and its prepared subcomponents.
final class PreparedComponent {
    /// A subcomponent the component installs, prepared under it.
    struct Child {
        let subcomponent: any InstalledSubcomponent
        let prepared: PreparedComponent
    }

    let graph: ResolvedGraph
    let order: DependencyOrder
    private(set) var diagnostics: [Diagnostic]
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

    /// The entry of the stage: configures the component `C` (stage 1), resolves its graph
    /// (under its parent's, for a subcomponent), validates it, and prepares its subcomponents.
    ///
    /// - Parameters:
    ///   - component: The component.
    ///   - parent: The graph of the component that installs `C`; nil for a root.
    ///   - installation: How the parent installs `C`; nil for a root.
    ///   - rules: The optional rules to check on top of the graph's soundness.
    ///   - overrides: Bindings that replace the component's own (for tests), or nil.
    ///   - entry: The context the root is built in.
    static func prepare<C: ComponentBase>(
        _ component: C.Type, parent: ResolvedGraph?, installation: (any InstalledSubcomponent)?, rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)?,
        entry: EffectContext = .synchronous
    ) -> PreparedComponent {
        let builder = GraphBuilder(component: C.self)
        builder.configure(C.self, overrides: overrides)
        let graph = ResolvedGraph(builder: builder, parent: parent)
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
        let prepared = PreparedComponent(graph: graph, order: order, diagnostics: diagnostics, children: children)
        if parent == nil {
            prepared.diagnoseSubcomponentFactoryRequests()
        }
        return prepared
    }

    // MARK: - Subcomponent factories

    /// Adds, to each component of the tree, a diagnostic for each of its requests of a
    /// subcomponent's factory that cannot build the subcomponent's root (see ``EffectRule``).
    ///
    /// Runs on the root component once the whole tree is prepared: a subcomponent's root
    /// effects are known only once it is, after the component that installs it was validated,
    /// and the subcomponent itself, a sibling or their descendants may ask for its factory.
    /// Does nothing more than visit the subcomponents when no subcomponent's root has effects.
    private func diagnoseSubcomponentFactoryRequests() {
        var effectful: [ObjectIdentifier: ResolvedGraph] = [:]
        collectEffectfulSubcomponents(into: &effectful)
        guard !effectful.isEmpty else { return }
        addFactoryRequestDiagnostics(effectful)
    }

    /// The graph of every subcomponent below this component whose root's resolution has
    /// effects, by the declaration of its `ComponentFactory` in the component that installs it.
    private func collectEffectfulSubcomponents(into effectful: inout [ObjectIdentifier: ResolvedGraph]) {
        for child in children {
            if !child.prepared.graph.rootEffects.isEmpty {
                effectful[ObjectIdentifier(child.subcomponent.declaration)] = child.prepared.graph
            }
            child.prepared.collectEffectfulSubcomponents(into: &effectful)
        }
    }

    private func addFactoryRequestDiagnostics(_ effectful: [ObjectIdentifier: ResolvedGraph]) {
        var found = EffectRule.factoryRequestDiagnostics(graph, subcomponents: effectful)
        if !found.isEmpty {
            if graph.parent != nil {
                found = found.map { $0.locatedIn(graph.path) }
            }
            // With the other unhandled effects: before the optional rules' diagnostics.
            let optional = diagnostics.firstIndex { $0.kind == .wiringRule } ?? diagnostics.endIndex
            diagnostics.insert(contentsOf: found, at: optional)
        }
        for child in children {
            child.prepared.addFactoryRequestDiagnostics(effectful)
        }
    }
}
