/// Renders a graph as Graphviz DOT. Provider and closure edges are dashed: they are resolved on
/// demand, so a cycle through them is legal.
struct DOTGraphRenderer {
    let graph: ObjectGraph

    /// The modules `LinkedWiring` included, which the origins mark.
    private let linkedModules: Set<String>

    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    @_optimize(none)
    init(graph: ObjectGraph) {
        self.graph = graph
        self.linkedModules = graph.linkedModules
    }

    @_optimize(none)
    func render() -> String {
        var lines = [
            "digraph \(quoted(graph.component)) {",
            "    rankdir=LR;",
            "    node [shape=box, fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        lines += nodes(of: graph, indent: "    ")
        var clusters = 0
        @_optimize(none)
        func cluster(_ child: ObjectGraph, indent: String) {
            clusters += 1
            let scope = child.scope.split(separator: ".").last.map(String.init) ?? child.scope
            lines.append("\(indent)subgraph \(quoted("cluster_\(clusters)")) {")
            lines.append("\(indent)    label=\(quoted("\(child.component) (scope \(scope))"));")
            lines += nodes(of: child, indent: indent + "    ")
            for grandchild in child.subcomponents { cluster(grandchild, indent: indent + "    ") }
            lines.append("\(indent)}")
        }
        for child in graph.subcomponents { cluster(child, indent: "    ") }
        for edge in graph.allGraphs.flatMap(\.dependencies) {
            for target in edge.to {
                var attributes: [String] = []
                if edge.isDeferred { attributes += ["style=dashed", "label=\(quoted(edge.parameter))"] }
                if edge.kind == .optional { attributes += ["label=\(quoted(edge.parameter))"] }
                let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
                lines.append("    \(quoted(edge.from)) -> \(quoted(target))\(suffix);")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node statements of one graph's bindings.
    /// The nodes of a component: its public bindings, then one cluster per private module
    /// holding what the module exposes and what it keeps (`cluster_private_` and the module).
    @_optimize(none)
    private func nodes(of graph: ObjectGraph, indent: String) -> [String] {
        let boundaries = graph.boundaries
        guard !boundaries.isEmpty else { return nodes(graph.bindings, indent: indent) }
        let fenced = Set(boundaries.flatMap { $0.exposes + $0.keeps })
        var lines = nodes(graph.bindings.filter { !fenced.contains($0.id) }, indent: indent)
        for boundary in boundaries {
            let members = Set(boundary.exposes + boundary.keeps)
            let name = boundary.module.split(separator: ".").last.map(String.init) ?? boundary.module
            lines.append("\(indent)subgraph \(quoted("cluster_private_\(graph.component)_\(boundary.module)")) {")
            lines.append("\(indent)    label=\(quoted("\(name) (private module)"));")
            lines.append("\(indent)    style=dashed;")
            lines += nodes(graph.bindings.filter { members.contains($0.id) }, indent: indent + "    ")
            lines.append("\(indent)}")
        }
        return lines
    }

    @_optimize(none)
    private func nodes(_ bindings: [ObjectGraph.Binding], indent: String) -> [String] {
        bindings.map { binding in
            var attributes = ["label=\(quoted(([binding.label] + binding.traits + [binding.origin(linkedModules: linkedModules)].compactMap { $0 }).joined(separator: "\n")))"]
            switch binding.kind.code {
            case .root: attributes.append("style=bold")
            case .seed: attributes.append("shape=ellipse")
            case .contribution, .unique: break
            }
            if binding.scope != nil { attributes += ["style=filled", "fillcolor=\"#e8f0fe\""] }
            if binding.isOverride { attributes += ["color=\"#d93025\""] }
            return "\(indent)\(quoted(binding.id)) [\(attributes.joined(separator: ", "))];"
        }
    }

    /// A DOT string literal: quotes and backslashes escaped, line breaks as `\n`.
    @_optimize(none)
    private func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
