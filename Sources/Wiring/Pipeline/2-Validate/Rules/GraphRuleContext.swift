/// What a ``GraphRule`` may look at: one component of the tree, resolved, ordered and with its
/// effects propagated.
struct GraphRuleContext {
    /// The component's resolved graph; its `parent` is the installing component's, nil for a root.
    let graph: ResolvedGraph
    /// The component's keys in dependency order, and its cycles.
    let order: DependencyOrder
    /// The optional rules the caller of `of` turned on.
    let rules: ValidationRules
    /// The context the component's root is built in: the entry point's for a root component,
    /// `.synchronous` for a subcomponent (whose root is checked where its factory is taken).
    let entry: EffectContext
    /// How the parent installs the component; nil for a root.
    let installation: (any InstalledSubcomponent)?
    /// In the `.tree` stage, the graph of every subcomponent of the tree whose root's resolution
    /// has effects, by the declaration of its `ComponentFactory` in the component that installs
    /// it; empty in the `.component` stage.
    let effectfulSubcomponents: [ObjectIdentifier: ResolvedGraph]
    /// In the `.tree` stage of a component whose test replaces bindings, the graph of every
    /// subcomponent below it, depth first; empty otherwise.
    var subcomponents: [ResolvedGraph] = []
}
