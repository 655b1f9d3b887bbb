/// A test override must replace a binding the component has: an override of a key nothing binds
/// is almost always a typo or a stale test. Overrides replace the root component's own bindings
/// only: where the component installs subcomponents, an override that replaces nothing is
/// reported by ``InSubcomponents`` once the tree is prepared, with the subcomponents that bind
/// its type.
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
            guard declaration.mapRole == nil, replacesNothing, !waitsForTheTree(declaration, graph),
                  reported.insert(declaration.key).inserted else { return nil }
            return replacedNothing(declaration, graph)
        }
    }

    /// Whether an override that replaces nothing is reported once the tree is prepared: its
    /// component installs subcomponents, which may bind its type, and no private module of the
    /// component explains it.
    private static func waitsForTheTree(_ declaration: AnyDeclaration, _ graph: ResolvedGraph) -> Bool {
        !graph.builder.installations.isEmpty && graph.builder.boundary(of: declaration) == nil && !replacesTheRoot(declaration, graph)
            && !graph.entries.indices.contains { !graph.isPublic($0) && graph.key(of: $0) == declaration.key }
    }

    /// An override that replaces nothing, with the bindings of its type in the subcomponents
    /// below, `boundBelow`, which an override does not reach.
    @_optimize(none)
    private static func replacedNothing(
        _ declaration: AnyDeclaration, _ graph: ResolvedGraph, boundBelow: [(graph: ResolvedGraph, declaration: AnyDeclaration)] = []
    ) -> Diagnostic {
        if let root = graph.builder.root, replacesTheRoot(declaration, graph) {
            return replacedTheRoot(declaration, root: root, graph)
        }
        let name = declaration.key.displayName
        let component = graph.componentName
        var lines = ["The override of \(name) replaces nothing: \(component) does not bind \(name)\(PrivateBindingRule.where(declaration, graph))."]
        lines.append("  overridden \(graph.place(of: declaration))")
        guard !boundBelow.isEmpty else {
            let fix = PrivateBindingRule.overrideFix(declaration, graph) ?? "override a type the component binds, or add the binding to the component instead"
            lines.append("  To fix this, \(fix).")
            return Diagnostic(kind: .invalidOverride, message: lines.joined(separator: "\n"), location: declaration.location)
        }
        lines[0] = "The override of \(name) replaces nothing: \(component) does not bind \(name), and a test's replacements "
            + "replace the bindings of the root component only, not those of its subcomponents."
        for (below, binding) in boundBelow {
            lines.append("  bound \(below.place(of: binding)), in the subcomponent \(below.path.joined(separator: " > "))")
        }
        var binders: [String] = []
        for (_, binding) in boundBelow where !binders.contains(TypeName.of(binding.declaringModule)) {
            binders.append(TypeName.of(binding.declaringModule))
        }
        lines.append(
            "  To fix this, bind \(name) in \(component) instead of in \(PrivateBindingRule.listed(binders)): the subcomponents "
                + "then take \(component)'s binding, which the replacement replaces."
        )
        return Diagnostic(kind: .invalidOverride, message: lines.joined(separator: "\n"), location: declaration.location)
    }

    /// Whether an override that replaces nothing has the key of the root, which the component's
    /// `configureRoot` makes: no binding of the graph, so no replacement of it.
    private static func replacesTheRoot(_ declaration: AnyDeclaration, _ graph: ResolvedGraph) -> Bool {
        graph.builder.root?.key == declaration.key
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    /// An override of the root's type, which the component does not bind but makes with its
    /// `configureRoot`: the fix replaces what the root takes, from which `configureRoot` makes it.
    @_optimize(none)
    private static func replacedTheRoot(_ declaration: AnyDeclaration, root: AnyDeclaration, _ graph: ResolvedGraph) -> Diagnostic {
        let name = declaration.key.displayName
        var taken: [String] = []
        for request in root.requests where !taken.contains(request.key.displayName) {
            taken.append(request.key.displayName)
        }
        let fix = taken.isEmpty
            ? "make the root in the test instead: it takes nothing from the graph, so no replacement changes it"
            : "replace what the root takes instead (\(taken.joined(separator: ", "))): configureRoot then makes the root from the replacement"
        let message = """
            The override of \(name) replaces nothing: \(name) is the root of \(graph.componentName), which its configureRoot makes, \
            and a test's replacements replace bindings, not the root.
              overridden \(graph.place(of: declaration))
              the root made by configureRoot \(graph.place(of: root))
              To fix this, \(fix).
            """
        return Diagnostic(kind: .invalidOverride, message: message, location: declaration.location)
    }

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

extension OverrideRule {
    /// The overrides that replace nothing in a component that installs subcomponents, reported
    /// once every component of the tree is prepared, with the subcomponents that bind their
    /// type: an override replaces the root component's own bindings only, and a subcomponent's
    /// binding of the type shadows the root's.
    enum InSubcomponents: GraphRule {
        static var kind: Diagnostic.Kind { .invalidOverride }
        static var stage: GraphRuleStage { .tree }

        static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
            let graph = context.graph
            guard graph.builder.hasOverrides, !graph.builder.installations.isEmpty else { return [] }
            let all = graph.builder.declarations
            let bound = Set(all.lazy.filter { !$0.isOverride }.map(\.key))
            var reported: Set<BindingKey> = []
            return all.compactMap { declaration in
                guard declaration.isOverride, declaration.mapRole == nil, MapEntryID(declaration) == nil else { return nil }
                let replacesNothing = graph.builder.hasBoundaries ? graph.replacesNothing(declaration) : !bound.contains(declaration.key)
                guard replacesNothing, waitsForTheTree(declaration, graph), reported.insert(declaration.key).inserted else { return nil }
                let boundBelow = context.subcomponents.flatMap { below in
                    below.declarations.lazy.filter { $0.key == declaration.key && !$0.isOverride && !below.isExposure($0) }.map { (below, $0) }
                }
                return replacedNothing(declaration, graph, boundBelow: boundBelow)
            }
        }
    }
}
