/// Renders a graph as a Mermaid flowchart, which GitHub shows in Markdown as it is (inside a
/// ```` ```mermaid ```` block). Provider and closure edges are dotted.
struct MermaidGraphRenderer {
    let graph: ObjectGraph

    func render() -> String {
        var nodeIDs: [String: String] = [:]
        for (index, binding) in graph.bindings.enumerated() {
            nodeIDs[binding.id] = "n\(index)"
        }
        var lines = ["flowchart LR"]
        for binding in graph.bindings {
            guard let node = nodeIDs[binding.id] else { continue }
            let text = ([binding.label] + binding.traits).map(escaped).joined(separator: "<br/>")
            let shape = binding.kind == .seed ? ("([\"", "\"])") : ("[\"", "\"]")
            lines.append("    \(node)\(shape.0)\(text)\(shape.1)")
        }
        for edge in graph.dependencies {
            guard let from = nodeIDs[edge.from] else { continue }
            for target in edge.to {
                guard let to = nodeIDs[target] else { continue }
                let arrow = edge.isDeferred ? "-. \"\(escaped(edge.parameter))\" .->" : "-->"
                lines.append("    \(from) \(arrow) \(to)")
            }
        }
        let shared = graph.bindings.filter { $0.scope != nil }.compactMap { nodeIDs[$0.id] }
        if !shared.isEmpty {
            lines.append("    classDef shared fill:#e8f0fe,stroke:#1a73e8")
            lines.append("    class \(shared.joined(separator: ",")) shared")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid entity codes for what would break a quoted label: `"`, `<`, `>`.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
