/// A subcomponent's scope must differ from every ancestor's: bindings shared in a scope live
/// once per instance of the component of that scope, which would be ambiguous otherwise.
enum ScopeRule {
    static func diagnose(_ graph: ResolvedGraph, installation: any InstalledSubcomponent) -> [Diagnostic] {
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
                return [Diagnostic(kind: .scopeMisuse, message: message, location: installation.site.location).locatedIn(graph.path)]
            }
            ancestor = current.parent
        }
        return []
    }
}

extension Diagnostic {
    /// The diagnostic with the path of components it belongs to as its second line, for the
    /// diagnostics of subcomponents.
    func locatedIn(_ path: [String]) -> Diagnostic {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        lines.insert("  in \(path.joined(separator: " > "))", at: 1)
        return Diagnostic(kind: kind, message: lines.joined(separator: "\n"), location: location)
    }
}
