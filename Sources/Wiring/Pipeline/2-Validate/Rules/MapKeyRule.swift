/// Every key of a map has one entry: two contributions under one key are reported, and so is a
/// subcomponent's entry under a key its ancestors' map already has, which would otherwise
/// replace the ancestor's entry without anyone noticing.
enum MapKeyRule: GraphRule {
    static var kind: Diagnostic.Kind { .duplicateMapKey }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        guard graph.builder.hasMaps else { return [] }
        var diagnostics: [Diagnostic] = []
        // A map's entries are contributions; a map also bound as a single value (reported by
        // `DuplicateBindingRule`) may list that binding first.
        for entry in graph.entries.indices where graph.entries[entry].declarationCount > 1 || graph.isCollection(entry) {
            let declarations = graph.declarations(of: entry).map { graph.declarations[Int($0)] }
            let entries = declarations.filter { $0.mapRole == .entry }
            guard !entries.isEmpty else { continue }
            let inherited = inheritedEntries(of: entry, graph)
            var byKey: [MapKey: [AnyDeclaration]] = [:]
            var order: [MapKey] = []
            for declaration in entries {
                guard let key = declaration.mapKey else { continue }
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: []].append(declaration)
            }
            for key in order {
                let contributions = byKey[key] ?? []
                if let ancestor = inherited[key] {
                    diagnostics.append(overridingAncestor(key, ancestor: ancestor, own: contributions[0], graph))
                }
                if contributions.count > 1 {
                    diagnostics.append(duplicate(key, contributions, graph))
                }
            }
        }
        return diagnostics
    }

    /// The entries the map's ancestors contribute, with the component that contributes each.
    private static func inheritedEntries(of entry: Int, _ graph: ResolvedGraph) -> [MapKey: (AnyDeclaration, ResolvedGraph)] {
        var found: [MapKey: (AnyDeclaration, ResolvedGraph)] = [:]
        var next = graph.inheritedCollection(of: entry).map { (graph.ancestor($0.depth), $0.entry) }
        while let (ancestor, ancestorEntry) = next {
            for index in ancestor.declarations(of: ancestorEntry) {
                let declaration = ancestor.declarations[Int(index)]
                guard declaration.mapRole == .entry, let key = declaration.mapKey, found[key] == nil else { continue }
                found[key] = (declaration, ancestor)
            }
            next = ancestor.inheritedCollection(of: ancestorEntry).map { (ancestor.ancestor($0.depth), $0.entry) }
        }
        return found
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    @_optimize(none)
    private static func duplicate(_ key: MapKey, _ contributions: [AnyDeclaration], _ graph: ResolvedGraph) -> Diagnostic {
        let map = contributions[0].key.displayName
        var lines = ["\(map) has more than one entry under the key \(key.text)."]
        for (index, declaration) in contributions.enumerated() {
            lines.append("  \(index == 0 ? "contributed" : "contributed again") \(graph.place(of: declaration))")
        }
        lines.append(
            "  To fix this, give each entry a key of its own, or include only one of the modules that contribute \(key.text). "
                + "To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting."
        )
        return Diagnostic(kind: .duplicateMapKey, message: lines.joined(separator: "\n"), location: contributions[1].location)
    }

    @_optimize(none)
    private static func overridingAncestor(
        _ key: MapKey, ancestor: (declaration: AnyDeclaration, graph: ResolvedGraph), own: AnyDeclaration, _ graph: ResolvedGraph
    ) -> Diagnostic {
        let map = own.key.displayName
        let message = """
            \(map) in \(graph.componentName) has an entry under the key \(key.text), which the map of its ancestor \
            \(ancestor.graph.componentName) already has.
              contributed \(ancestor.graph.place(of: ancestor.declaration)) (\(ancestor.graph.componentName))
              contributed again \(graph.place(of: own)) (\(graph.componentName))
              To fix this, give the entry of \(graph.componentName) a key of its own: a subcomponent adds entries to \
            its ancestors' map but cannot replace one.
            """
        return Diagnostic(kind: .duplicateMapKey, message: message, location: own.location)
    }
}
