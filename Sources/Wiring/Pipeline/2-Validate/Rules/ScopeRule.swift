/// A subcomponent's scope must differ from every ancestor's: bindings shared in a scope live
/// once per instance of the component of that scope, which would be ambiguous otherwise.
enum ScopeRule: GraphRule {
    static var kind: Diagnostic.Kind { .scopeMisuse }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        guard let installation = context.installation else { return [] }
        let scope = graph.builder.scope
        guard scope is any Scope.Type else { return [] }
        var ancestor = graph.parent
        while let current = ancestor {
            if current.builder.scope == scope {
                let child = graph.componentName
                let message = """
                    \(child) has the scope \(TypeName.of(scope)), which its ancestor \(current.componentName) already has.
                      installed at \(installation.site.location) in \(TypeName.of(installation.installedBy))
                      To fix this, give \(child) a scope of its own (struct \(child)Scope: Scope {}) and configure it with a Binder of that scope, or make it unscoped.
                    """
                return [Diagnostic(kind: .scopeMisuse, message: message, location: installation.site.location)]
            }
            ancestor = current.parent
        }
        return []
    }
}
