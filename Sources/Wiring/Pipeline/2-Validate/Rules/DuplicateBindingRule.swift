/// A key bound more than once, or bound both as a single value and as a collection.
///
/// Contributions to a collection are never duplicates of each other.
enum DuplicateBindingRule: GraphRule {
    static var kind: Diagnostic.Kind { .duplicateBinding }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        return graph.entries.indices.compactMap { index in
            let entry = graph.entries[index]
            guard entry.declarationCount > 1 else { return nil }
            let declarations = graph.declarations(of: index).map { graph.declarations[Int($0)] }
            let singles = declarations.filter { $0.role != .contribution }
            guard !singles.isEmpty else { return nil }
            let contributions = declarations.filter { $0.role == .contribution }
            if contributions.isEmpty {
                return duplicate(graph.key(of: index), singles, graph)
            }
            return mixed(graph.key(of: index), singles: singles, contributions: contributions, graph)
        }
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    @_optimize(none)
    private static func duplicate(_ key: BindingKey, _ declarations: [AnyDeclaration], _ graph: ResolvedGraph) -> Diagnostic {
        let linked = linkedLibraries(of: declarations, graph)
        if Set(linked).count > 1 {
            return linkedDuplicate(key, declarations, libraries: linked, graph)
        }
        let name = key.displayName
        var lines = ["\(name) is bound more than once."]
        for (index, declaration) in declarations.enumerated() {
            lines.append("  \(index == 0 ? "bound" : "bound again") \(graph.place(of: declaration))")
        }
        lines.append(
            "  To fix this, keep one binding of \(name): include only one of the modules that bind it, "
                + "or tag one binding with .tagged(with:) and request it as TaggedProvider. "
                + "To provide several values, contribute each with .intoCollection()."
        )
        return Diagnostic(kind: .duplicateBinding, message: lines.joined(separator: "\n"), location: declarations[0].location)
    }

    /// The libraries of the declarations' modules that `LinkedWiring` included, in order.
    @_optimize(none)
    private static func linkedLibraries(of declarations: [AnyDeclaration], _ graph: ResolvedGraph) -> [String] {
        let linkedModules = Set(graph.builder.inclusions.filter { TypeName.of($0.includedBy) == "LinkedWiring" }.map { ObjectIdentifier($0.module) })
        return declarations.compactMap { declaration in
            guard linkedModules.contains(ObjectIdentifier(declaration.declaringModule)) else { return nil }
            return library(of: declaration.declaringModule)
        }
    }

    /// The Swift module that declares a module type: `NetworkWiring` for `NetworkWiring.BankNetworkModule`.
    @_optimize(none)
    private static func library(of module: any Any.Type) -> String {
        let qualified = TypeName.qualified(module)
        return qualified.split(separator: ".").first.map(String.init) ?? qualified
    }

    /// Two wiring libraries the app links bind the same key: the fix is in Package.swift.
    @_optimize(none)
    private static func linkedDuplicate(
        _ key: BindingKey, _ declarations: [AnyDeclaration], libraries: [String], _ graph: ResolvedGraph
    ) -> Diagnostic {
        let name = key.displayName
        var lines = ["\(name) is bound by more than one linked wiring library."]
        for (index, declaration) in declarations.enumerated() {
            let place = declaration.location.map { "at \($0) " } ?? ""
            lines.append(
                "  \(index == 0 ? "bound" : "bound again") \(place)in \(TypeName.of(declaration.declaringModule)) from \(library(of: declaration.declaringModule))"
            )
        }
        var unique: [String] = []
        for library in libraries where !unique.contains(library) {
            unique.append(library)
        }
        let listed = unique.count == 2 ? "\(unique[0]) and \(unique[1])" : unique.dropLast().joined(separator: ", ") + " and " + (unique.last ?? "")
        lines.append(
            "  To fix this, link only one of them: keep one of \(listed) in the app target's dependencies in Package.swift "
                + "(LinkedWiring includes every wiring library the target links)."
        )
        return Diagnostic(kind: .duplicateBinding, message: lines.joined(separator: "\n"), location: declarations[0].location)
    }

    @_optimize(none)
    private static func mixed(_ key: BindingKey, singles: [AnyDeclaration], contributions: [AnyDeclaration], _ graph: ResolvedGraph) -> Diagnostic {
        let name = key.displayName
        let isMap = contributions.contains { $0.mapRole != nil }
        let collection = isMap ? "map" : "collection"
        var lines = ["\(name) is bound both as a single value and as a \(collection)."]
        lines += singles.map { "  bound as a single value \(graph.place(of: $0))" }
        lines += contributions.map { contribution in
            let entry = contribution.mapKey.map { " under the key \($0.text)" } ?? ""
            return "  contributed to the \(collection)\(entry) \(graph.place(of: contribution))"
        }
        lines.append(
            "  To fix this, either bind \(name) once as a single value, "
                + (isMap ? "or contribute every entry with .intoMap(key:)." : "or contribute every element with .intoCollection().")
        )
        return Diagnostic(kind: .duplicateBinding, message: lines.joined(separator: "\n"), location: singles[0].location)
    }
}
