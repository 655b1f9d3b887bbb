/// A key bound more than once, or bound both as a single value and as a collection.
///
/// Contributions to a collection are never duplicates of each other.
enum DuplicateBindingRule {
    static func diagnose(_ graph: ResolvedGraph) -> [Diagnostic] {
        graph.entries.indices.compactMap { index in
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

    private static func duplicate(_ key: BindingKey, _ declarations: [AnyDeclaration], _ graph: ResolvedGraph) -> Diagnostic {
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

    private static func mixed(_ key: BindingKey, singles: [AnyDeclaration], contributions: [AnyDeclaration], _ graph: ResolvedGraph) -> Diagnostic {
        let name = key.displayName
        var lines = ["\(name) is bound both as a single value and as a collection."]
        lines += singles.map { "  bound as a single value \(graph.place(of: $0))" }
        lines += contributions.map { "  contributed to the collection \(graph.place(of: $0))" }
        lines.append(
            "  To fix this, either bind \(name) once as a single value, "
                + "or contribute every element with .intoCollection()."
        )
        return Diagnostic(kind: .duplicateBinding, message: lines.joined(separator: "\n"), location: singles[0].location)
    }
}
