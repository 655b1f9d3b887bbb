/// `configureRoot` must bind the root exactly once.
enum RootBindingRule: GraphRule {
    static var kind: Diagnostic.Kind { .rootBinding }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        let builder = graph.builder
        guard let root = builder.root else {
            let message = "configureRoot of \(graph.componentName) does not bind the root.\n"
                + "  To fix this, return bind.to(factory: ...) or bind.to(value: ...) from configureRoot."
            return [Diagnostic(kind: .rootBinding, message: message, location: nil)]
        }
        guard !builder.extraRoots.isEmpty else { return [] }
        var lines = ["configureRoot of \(graph.componentName) binds the root more than once."]
        lines.append("  bound at \(root.location.map(\.description) ?? "?")")
        lines += builder.extraRoots.map { "  bound again at \($0.location.map(\.description) ?? "?")" }
        lines.append("  To fix this, make configureRoot bind the root once and return that receipt.")
        return [Diagnostic(kind: .rootBinding, message: lines.joined(separator: "\n"), location: root.location)]
    }
}
