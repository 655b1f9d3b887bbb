/// Every `binder.bind(T.self)` must end with a terminal: a call that none finishes binds nothing,
/// so without this rule its mistake would surface only as a missing `T` wherever `T` is needed.
enum UnfinishedBindingRule: GraphRule {
    static var kind: Diagnostic.Kind { .unfinishedBinding }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        return graph.builder.unfinishedBinds.map { call in
            let expression = "binder.bind(\(TypeName.metatypeExpression(call.type)))"
            let message = "\(expression) in \(TypeName.of(call.module)) is never finished, so it binds nothing.\n"
                + "  To fix this, end it with a terminal, such as \(expression).to(factory: ...) or .to(value: ...), or delete it."
            return Diagnostic(kind: .unfinishedBinding, message: message, location: call.site.location)
        }
    }
}
