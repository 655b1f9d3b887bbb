/// Stage 2 of the pipeline, validation: a component configured, resolved and validated, not yet
/// linked. Its entry is ``prepare(_:parent:installation:rules:overrides:entry:)``, at the end of
/// this file.
///
/// In: the configured `GraphBuilder` and, for a subcomponent, its parent's `ResolvedGraph`.
/// `ResolvedGraph` groups the declarations by key and resolves every factory parameter to a key
/// (here, or in an ancestor); `DependencyOrder` orders the keys dependencies first and finds the
/// cycles; `ResolvedGraph+Effects` propagates the effects of factories (`throws`, `async`,
/// `@MainActor`) to whoever takes their values eagerly and decides each key's `EffectContext`;
/// `GraphValidator` runs every rule of ``GraphRules/all`` (`Rules/`, one file each) and collects
/// every problem. Once the whole tree is prepared, the root component runs the rules of the
/// `.tree` stage on every component (the requests of a subcomponent's factory against the effects
/// of that subcomponent's root). Out: a `PreparedComponent` with its
/// diagnostics and its prepared subcomponents.
final class PreparedComponent {
    /// A subcomponent the component installs, prepared under it.
    struct Child {
        let subcomponent: any InstalledSubcomponent
        let prepared: PreparedComponent
    }

    let graph: ResolvedGraph
    let order: DependencyOrder
    let children: [Child]
    /// How the parent installs the component; nil for a root.
    private let installation: (any InstalledSubcomponent)?
    /// The context the root is built in.
    private let entry: EffectContext
    private let rules: ValidationRules
    private var findings: GraphValidator.Findings

    private init(
        graph: ResolvedGraph, order: DependencyOrder, findings: GraphValidator.Findings, children: [Child],
        installation: (any InstalledSubcomponent)?, entry: EffectContext, rules: ValidationRules
    ) {
        self.graph = graph
        self.order = order
        self.findings = findings
        self.children = children
        self.installation = installation
        self.entry = entry
        self.rules = rules
    }

    /// The component's diagnostics, in the order of the rules that found them.
    var diagnostics: [Diagnostic] {
        findings.all
    }

    /// The component's diagnostics, then its subcomponents', depth first.
    var allDiagnostics: [Diagnostic] {
        diagnostics + children.flatMap(\.prepared.allDiagnostics)
    }

    /// Configures, resolves and validates an installed subcomponent's graph under its parent's
    /// (stages 1 and 2), its type opened from the installation.
    private static func prepareSubcomponent<Sub: ComponentBase>(
        _ type: Sub.Type, _ installation: any InstalledSubcomponent, parent: ResolvedGraph, rules: ValidationRules
    ) -> PreparedComponent {
        prepare(Sub.self, parent: parent, installation: installation, rules: rules, overrides: nil)
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
        var findings = GraphValidator.Findings()
        let context = GraphRuleContext(graph: graph, order: order, rules: rules, entry: entry, installation: installation, effectfulSubcomponents: [:])
        GraphValidator.diagnose(context, stage: .component, into: &findings)
        builder.dropConfigurationState()
        var children: [Child] = []
        for subcomponent in builder.installations {
            // A component that installs itself, directly or below, would be prepared without end.
            if let cycle = installationCycle(subcomponent, under: graph) {
                findings.add(cycle, as: DependencyCycleRule.self)
                continue
            }
            children.append(Child(subcomponent: subcomponent, prepared: prepareSubcomponent(subcomponent.component, subcomponent, parent: graph, rules: rules)))
        }
        graph.dropKeyLookup()
        let prepared = PreparedComponent(
            graph: graph, order: order, findings: findings, children: children, installation: installation, entry: entry, rules: rules
        )
        if parent == nil {
            prepared.diagnoseTree()
        }
        return prepared
    }

    /// The diagnostic of a subcomponent that `graph`'s component or one of its ancestors is,
    /// or nil when it is none of them.
    private static func installationCycle(_ subcomponent: any InstalledSubcomponent, under graph: ResolvedGraph) -> Diagnostic? {
        // The walk allocates nothing: every `of` makes it once per installation.
        var current: ResolvedGraph? = graph
        while let level = current, ObjectIdentifier(level.builder.component) != ObjectIdentifier(subcomponent.component) {
            current = level.parent
        }
        guard current != nil else { return nil }
        return installationCycleDiagnostic(subcomponent, under: graph)
    }

    /// The diagnostic of a subcomponent installed inside itself, with the path from the root.
    private static func installationCycleDiagnostic(_ subcomponent: any InstalledSubcomponent, under graph: ResolvedGraph) -> Diagnostic {
        var path: [String] = []
        var current: ResolvedGraph? = graph
        while let level = current {
            path.insert(level.componentName, at: 0)
            current = level.parent
        }
        let name = TypeName.of(subcomponent.component)
        let chain = (path + [name]).joined(separator: " -> ")
        let message = """
            Dependency cycle: \(name) is installed inside itself: \(chain).
              installed at \(subcomponent.site.location) in \(TypeName.of(subcomponent.installedBy))
              To fix this, install \(name) in one component only, and hand its ComponentFactory to the components below it (as a seed, for example): a component cannot contain a component of its own type.
            """
        return Diagnostic(kind: .dependencyCycle, message: message, location: subcomponent.site.location)
    }

    // MARK: - The tree stage

    /// Runs the rules of the `.tree` stage on every component of the tree, once the whole tree
    /// is prepared: what they check (a subcomponent's root effects, say) is known only once the
    /// components prepared after the one they check are.
    private func diagnoseTree() {
        var effectful: [ObjectIdentifier: ResolvedGraph] = [:]
        collectEffectfulSubcomponents(into: &effectful)
        diagnoseTree(effectfulSubcomponents: effectful)
    }

    private func diagnoseTree(effectfulSubcomponents: [ObjectIdentifier: ResolvedGraph]) {
        var context = GraphRuleContext(
            graph: graph, order: order, rules: rules, entry: entry, installation: installation, effectfulSubcomponents: effectfulSubcomponents
        )
        if graph.builder.hasOverrides {
            context.subcomponents = descendantGraphs
        }
        GraphValidator.diagnose(context, stage: .tree, into: &findings)
        for child in children {
            child.prepared.diagnoseTree(effectfulSubcomponents: effectfulSubcomponents)
        }
    }

    /// The graph of every subcomponent below this component, depth first.
    private var descendantGraphs: [ResolvedGraph] {
        children.flatMap { [$0.prepared.graph] + $0.prepared.descendantGraphs }
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
}
