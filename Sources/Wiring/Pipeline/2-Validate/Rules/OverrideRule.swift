/// A test override must replace a binding the component has: an override of a key nothing binds
/// is almost always a typo or a stale test.
enum OverrideRule: GraphRule {
    static var kind: Diagnostic.Kind { .invalidOverride }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        let all = graph.builder.declarations
        guard all.contains(where: \.isOverride) || graph.builder.hasMapRemovals else { return [] }
        let bound = Set(all.lazy.filter { !$0.isOverride }.map(\.key))
        let boundEntries = Set(all.lazy.filter { !$0.isOverride && $0.mapRole == .entry }.compactMap(MapEntryID.init))
        var reported: Set<BindingKey> = []
        var reportedEntries: Set<MapEntryID> = []
        return all.compactMap { declaration in
            if declaration.mapRole == .removal, !declaration.isOverride {
                return removalOutsideTest(declaration, graph)
            }
            guard declaration.isOverride else { return nil }
            if let entry = MapEntryID(declaration) {
                guard !boundEntries.contains(entry), reportedEntries.insert(entry).inserted else { return nil }
                return missingEntry(entry, declaration, graph)
            }
            let replacesNothing = graph.builder.hasBoundaries ? graph.replacesNothing(declaration) : !bound.contains(declaration.key)
            guard declaration.mapRole == nil, replacesNothing, reported.insert(declaration.key).inserted else { return nil }
            let name = declaration.key.displayName
            let message = """
                The override of \(name) replaces nothing: \(graph.componentName) does not bind \(name)\(PrivateBindingRule.where(declaration, graph)).
                  overridden \(graph.place(of: declaration))
                  To fix this, \(PrivateBindingRule.overrideFix(declaration, graph) ?? "override a type the component binds, or add the binding to the component instead").
                """
            return Diagnostic(kind: .invalidOverride, message: message, location: declaration.location)
        }
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    /// A test replaces or removes an entry the component's map does not have.
    @_optimize(none)
    private static func missingEntry(_ entry: MapEntryID, _ declaration: AnyDeclaration, _ graph: ResolvedGraph) -> Diagnostic {
        let name = entry.map.displayName
        let keys = graph.builder.declarations.filter { !$0.isOverride && $0.key == entry.map && $0.mapRole == .entry }.compactMap(\.mapKey?.text)
        let has = keys.isEmpty ? "has no entries" : "has only \(keys.joined(separator: ", "))"
        let verb = declaration.mapRole == .removal ? "removal" : "replacement"
        let message = """
            The \(verb) of the entry \(entry.key.text) of \(name) matches nothing: the map of \(graph.componentName) \(has).
              \(declaration.mapRole == .removal ? "removed" : "replaced") \(graph.place(of: declaration))
              To fix this, name a key the map has, or contribute the entry in a module the component includes.
            """
        return Diagnostic(kind: .invalidOverride, message: message, location: declaration.location)
    }

    /// `removeEntry(forKey:from:)` called while configuring a component, not a test's replacements.
    @_optimize(none)
    private static func removalOutsideTest(_ declaration: AnyDeclaration, _ graph: ResolvedGraph) -> Diagnostic {
        let key = declaration.mapKey?.text ?? "?"
        let message = """
            The entry \(key) of \(declaration.key.displayName) is removed outside a test's replacements.
              removed \(graph.place(of: declaration))
              To fix this, remove entries only in ComponentFactory.of(_:replacing:), or stop including the module that \
            contributes the entry.
            """
        return Diagnostic(kind: .invalidOverride, message: message, location: declaration.location)
    }
}
