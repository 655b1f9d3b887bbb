/// A test override must replace a binding the component has: an override of a key nothing binds
/// is almost always a typo or a stale test.
enum OverrideRule {
    static func diagnose(_ graph: ResolvedGraph) -> [Diagnostic] {
        let all = graph.builder.declarations
        guard all.contains(where: \.isOverride) else { return [] }
        let bound = Set(all.lazy.filter { !$0.isOverride }.map(\.key))
        var reported: Set<BindingKey> = []
        return all.compactMap { declaration in
            guard declaration.isOverride, !bound.contains(declaration.key), reported.insert(declaration.key).inserted else { return nil }
            let name = declaration.key.displayName
            let message = """
                The override of \(name) replaces nothing: \(graph.componentName) does not bind \(name).
                  overridden \(graph.place(of: declaration))
                  To fix this, override a type the component binds, or add the binding to the component instead.
                """
            return Diagnostic(kind: .invalidOverride, message: message, location: declaration.location)
        }
    }
}
