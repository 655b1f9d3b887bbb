/// Runs every validation rule over a resolved graph and collects every problem.
enum GraphValidator {
    static func diagnose(_ graph: ResolvedGraph, _ order: DependencyOrder) -> [Diagnostic] {
        DuplicateBindingRule.diagnose(graph)
            + RootBindingRule.diagnose(graph)
            + MissingBindingRule.diagnose(graph)
            + DependencyCycleRule.diagnose(graph, order)
    }
}
