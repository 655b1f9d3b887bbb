/// Renders a graph as an indented tree from the root; bindings the root does not reach follow.
///
/// A binding already printed shows `(see above)` instead of its dependencies again, which also
/// stops cycles through providers. The tree is walked with an explicit stack, and trees deeper
/// than ``maximumDepth`` are cut with a note, so any graph renders.
struct TextGraphRenderer {
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

    /// Deeper levels are summarised: past this, indentation would outweigh the content.
    static let maximumDepth = 48

    /// One line to print: a binding reached through an edge, or an optional that is not bound.
    private enum Line {
        case binding(id: String, via: ObjectGraph.Dependency?, prefix: String, childPrefix: String, depth: Int)
        case absent(ObjectGraph.Dependency, prefix: String)
    }

    @_optimize(none)
    func render() -> String {
        let all = graph.allGraphs
        let byID = Dictionary(all.flatMap(\.bindings).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let edges = Dictionary(grouping: all.flatMap(\.dependencies), by: \.from)
        var printed: Set<String> = []
        var output: [String] = []

        @_optimize(none)
        func tree(from start: String) {
            var stack: [Line] = [.binding(id: start, via: nil, prefix: "", childPrefix: "", depth: 0)]
            while let line = stack.popLast() {
                switch line {
                case let .absent(edge, prefix):
                    output.append(prefix + "\(edge.parameter)  nil: not bound")
                case let .binding(id, via, prefix, childPrefix, depth):
                    guard let binding = byID[id] else { continue }
                    let children = (edges[id] ?? []).flatMap { edge in
                        edge.to.isEmpty ? [(edge, String?.none)] : edge.to.map { (edge, String?.some($0)) }
                    }
                    let text = prefix + label(binding, via: via)
                    if printed.contains(id), !children.isEmpty {
                        output.append(text + "  (see above)")
                        continue
                    }
                    printed.insert(id)
                    output.append(text)
                    if depth >= Self.maximumDepth, !children.isEmpty {
                        output.append(childPrefix + "└── … deeper dependencies not shown; render as JSON to see them all")
                        continue
                    }
                    for (index, (edge, target)) in children.enumerated().reversed() {
                        let isLast = index == children.count - 1
                        let linePrefix = childPrefix + (isLast ? "└── " : "├── ")
                        let nextPrefix = childPrefix + (isLast ? "    " : "│   ")
                        if let target {
                            stack.append(.binding(id: target, via: edge, prefix: linePrefix, childPrefix: nextPrefix, depth: depth + 1))
                        } else {
                            stack.append(.absent(edge, prefix: linePrefix))
                        }
                    }
                }
            }
        }

        @_optimize(none)
        func component(_ graph: ObjectGraph) {
            let scope = graph.scope.split(separator: ".").last.map(String.init) ?? graph.scope
            if let installedAt = graph.installedAt {
                output += ["", "Subcomponent \(graph.component) (scope \(scope)), installed at \(installedAt)"]
            } else {
                output.append("\(graph.component) (scope \(scope))")
            }
            tree(from: graph.root)
            let reached = reachable(from: graph.root, edges: edges)
            let unreached = graph.bindings.filter { !reached.contains($0.id) }
            if !unreached.isEmpty {
                output.append("")
                output.append("Not reached from the root of \(graph.component):")
                for binding in unreached where !printed.contains(binding.id) {
                    tree(from: binding.id)
                }
            }
            for boundary in graph.boundaries {
                output.append("")
                output.append("Private module \(boundary.module.split(separator: ".").last.map(String.init) ?? boundary.module):")
                output.append("  exposes " + names(boundary.exposes, byID))
                output.append("  keeps " + names(boundary.keeps, byID))
            }
            graph.subcomponents.forEach(component)
        }

        component(graph)
        return output.joined(separator: "\n") + "\n"
    }

    /// The labels of bindings, each once, `nothing` for none: `HTTPClient, CurlSettings`. A
    /// private module's contributions to one collection or map are several bindings of one type,
    /// named once.
    @_optimize(none)
    private func names(_ ids: [String], _ byID: [String: ObjectGraph.Binding]) -> String {
        var seen: Set<String> = []
        let labels = ids.compactMap { byID[$0]?.label }.filter { seen.insert($0).inserted }
        return labels.isEmpty ? "nothing" : labels.joined(separator: ", ")
    }

    /// Every binding the root reaches, including those below the depth the tree prints.
    @_optimize(none)
    private func reachable(from start: String, edges: [String: [ObjectGraph.Dependency]]) -> Set<String> {
        var reached: Set<String> = [start]
        var pending = [start]
        while let id = pending.popLast() {
            for target in (edges[id] ?? []).flatMap(\.to) where reached.insert(target).inserted {
                pending.append(target)
            }
        }
        return reached
    }

    /// `any NetworkExecutor  shared in Singleton · BankNetworkModule, NetworkWiring/BankNetworkModule.swift:9`
    @_optimize(none)
    private func label(_ binding: ObjectGraph.Binding, via edge: ObjectGraph.Dependency?) -> String {
        var text = binding.label
        if let edge, edge.kind != .instance, !binding.isCollection {
            text += " (as \(edge.parameter))"
        }
        let details = binding.traits + [binding.origin(linkedModules: linkedModules)].compactMap { $0 }
        if !details.isEmpty {
            text += "  " + details.joined(separator: " · ")
        }
        return text
    }
}
