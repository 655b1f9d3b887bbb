/// One validation rule: what it finds wrong with a component's graph, as diagnostics of one kind.
///
/// Every rule is a caseless enum in a file of its own under `Rules/`, and is listed once in
/// ``GraphRules/all``, whose order is the order of the diagnostics in a ``ValidationError``.
/// `GraphValidator` runs the list; nothing calls a rule directly.
protocol GraphRule: SendableMetatype {
    /// The kind of every diagnostic the rule reports.
    static var kind: Diagnostic.Kind { get }
    /// When the rule runs: with its component (the default), or once the whole tree is prepared.
    static var stage: GraphRuleStage { get }
    /// The option of ``ValidationRules`` that turns the rule on, or nil for a rule that always
    /// runs (the default).
    static var option: ValidationRules? { get }

    /// Every problem the rule finds in the context's component, in a stable order. The caller
    /// adds a subcomponent's path to each diagnostic.
    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic]
}

extension GraphRule {
    static var stage: GraphRuleStage { .component }
    static var option: ValidationRules? { nil }
}

/// When a rule can run.
enum GraphRuleStage: Sendable {
    /// As soon as its component is resolved and its effects propagated, before its
    /// subcomponents are prepared.
    case component
    /// Once every component of the tree is prepared: what the rule checks depends on components
    /// prepared after this one (a subcomponent's root, say).
    case tree
}
