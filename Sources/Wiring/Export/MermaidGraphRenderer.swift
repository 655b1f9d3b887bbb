/// Renders a graph as a Mermaid flowchart, which GitHub shows in Markdown as it is (inside a
/// ```` ```mermaid ```` block). Provider and closure edges are dotted.
struct MermaidGraphRenderer {
    let graph: ObjectGraph

    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    @_optimize(none)
    func render() -> String {
        var nodeIDs: [String: String] = [:]
        for (index, binding) in graph.allGraphs.flatMap(\.bindings).enumerated() {
            nodeIDs[binding.id] = "n\(index)"
        }
        var lines = ["flowchart LR"]
        var subgraphs = 0
        @_optimize(none)
        func nodes(of graph: ObjectGraph, indent: String) {
            let boundaries = graph.boundaries
            let fenced = Set(boundaries.flatMap { $0.exposes + $0.keeps })
            nodes(graph.bindings.filter { !fenced.contains($0.id) }, indent: indent)
            // Each private module a subgraph: what it exposes and what it keeps.
            for boundary in boundaries {
                subgraphs += 1
                let members = Set(boundary.exposes + boundary.keeps)
                let name = boundary.module.split(separator: ".").last.map(String.init) ?? boundary.module
                lines.append("\(indent)subgraph s\(subgraphs) [\"\(escaped(name)) (private module)\"]")
                nodes(graph.bindings.filter { members.contains($0.id) }, indent: indent + "    ")
                lines.append("\(indent)end")
            }
        }
        @_optimize(none)
        func nodes(_ bindings: [ObjectGraph.Binding], indent: String) {
            for binding in bindings {
                guard let node = nodeIDs[binding.id] else { continue }
                let text = ([binding.label] + binding.traits).map(escaped).joined(separator: "<br/>")
                let shape = binding.kind == .seed ? ("([\"", "\"])") : ("[\"", "\"]")
                lines.append("\(indent)\(node)\(shape.0)\(text)\(shape.1)")
            }
        }
        @_optimize(none)
        func subgraph(_ child: ObjectGraph, indent: String) {
            subgraphs += 1
            lines.append("\(indent)subgraph s\(subgraphs) [\"\(escaped(child.component))\"]")
            nodes(of: child, indent: indent + "    ")
            for grandchild in child.subcomponents { subgraph(grandchild, indent: indent + "    ") }
            lines.append("\(indent)end")
        }
        nodes(of: graph, indent: "    ")
        for child in graph.subcomponents { subgraph(child, indent: "    ") }
        for edge in graph.allGraphs.flatMap(\.dependencies) {
            guard let from = nodeIDs[edge.from] else { continue }
            for target in edge.to {
                guard let to = nodeIDs[target] else { continue }
                let arrow = edge.isDeferred ? "-. \"\(escaped(edge.parameter))\" .->" : "-->"
                lines.append("    \(from) \(arrow) \(to)")
            }
        }
        let shared = graph.allGraphs.flatMap(\.bindings).filter { $0.scope != nil }.compactMap { nodeIDs[$0.id] }
        if !shared.isEmpty {
            lines.append("    classDef shared fill:#e8f0fe,stroke:#1a73e8")
            lines.append("    class \(shared.joined(separator: ",")) shared")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid entity codes for what would break a quoted label: `"`, `<`, `>`.
    @_optimize(none)
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
