/// Renders a graph as Graphviz DOT. Provider and closure edges are dashed: they are resolved on
/// demand, so a cycle through them is legal.
struct DOTGraphRenderer {
    let graph: ObjectGraph

    func render() -> String {
        var lines = [
            "digraph \(quoted(graph.component)) {",
            "    rankdir=LR;",
            "    node [shape=box, fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for binding in graph.bindings {
            var attributes = ["label=\(quoted(([binding.label] + binding.traits + [binding.origin].compactMap { $0 }).joined(separator: "\n")))"]
            switch binding.kind {
            case .root: attributes.append("style=bold")
            case .seed: attributes.append("shape=ellipse")
            case .contribution, .unique: break
            }
            if binding.scope != nil { attributes += ["style=filled", "fillcolor=\"#e8f0fe\""] }
            if binding.isOverride { attributes += ["color=\"#d93025\""] }
            lines.append("    \(quoted(binding.id)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in graph.dependencies {
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

    /// A DOT string literal: quotes and backslashes escaped, line breaks as `\n`.
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
