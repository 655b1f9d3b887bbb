/// Runs every validation rule over a resolved graph and collects every problem.
enum GraphValidator {
    static func diagnose(_ graph: ResolvedGraph, _ order: DependencyOrder, rules: ValidationRules, entry: EffectContext) -> [Diagnostic] {
        var diagnostics = UnfinishedBindingRule.diagnose(graph)
            + OverrideRule.diagnose(graph)
            + DuplicateBindingRule.diagnose(graph)
            + MapKeyRule.diagnose(graph)
            + RootBindingRule.diagnose(graph)
            + MissingBindingRule.diagnose(graph)
            + PrivateBindingRule.diagnose(graph)
            + DependencyCycleRule.diagnose(graph, order)
            + EffectRule.diagnose(graph, entry: entry)
        if rules.contains(.siblingBindingsOnly) {
            diagnostics += WiringRule.diagnose(graph)
        }
        return diagnostics
    }
}
