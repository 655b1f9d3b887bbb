/// The formats an ``ObjectGraph`` renders to.
public enum GraphFormat: String, CaseIterable, Hashable, Sendable {
    /// An indented tree from the root, for people.
    case text
    /// Graphviz DOT: `dot -Tsvg graph.dot -o graph.svg`.
    case dot
    /// A Mermaid flowchart; GitHub renders it in Markdown as it is.
    case mermaid
    /// JSON with sorted keys, following the schema of ``ObjectGraph``.
    case json
}

extension ObjectGraph {
    /// The graph in a format.
    ///
    /// - Parameter format: The format.
    /// - Returns: The rendered graph, ending with a newline.
    public func rendered(as format: GraphFormat) -> String {
        switch format {
        case .text: TextGraphRenderer(graph: self).render()
        case .dot: DOTGraphRenderer(graph: self).render()
        case .mermaid: MermaidGraphRenderer(graph: self).render()
        case .json: JSONGraphRenderer.render(self)
        }
    }
}

extension ObjectGraph.Binding {
    /// What renderers print after the name: `root`, `seed`, `shared in Singleton`, `override`.
    var traits: [String] {
        var traits: [String] = []
        switch kind {
        case .root: traits.append("root")
        case .seed: traits.append("seed")
        case .contribution:
            switch mapRole {
            case .entry?: traits.append("map entry \(mapKey ?? "")")
            case .declaration?: traits.append("map declaration")
            case .removal?: traits.append("removes map entry \(mapKey ?? "")")
            case nil: traits.append("collection element")
            }
        case .unique: break
        }
        if let scope { traits.append("shared in \(scope.split(separator: ".").last.map(String.init) ?? scope)") }
        if isOverride { traits.append("override") }
        if let exposedFrom { traits.append("exposed by \(exposedFrom.split(separator: ".").last.map(String.init) ?? exposedFrom)") }
        if let privateTo, exposedFrom == nil { traits.append("private to \(privateTo.split(separator: ".").last.map(String.init) ?? privateTo)") }
        if !effects.isEmpty { traits.append(effects.description) }
        return traits
    }

    /// `ATMLibModule, ATMLibWiring/ATMLibModule.swift:12`; `ATMLibModule (linked), …` when the
    /// module came from `LinkedWiring`.
    func origin(linkedModules: Set<String>) -> String? {
        var module = module?.split(separator: ".").last.map(String.init)
        if let qualified = self.module, linkedModules.contains(qualified) {
            module = module.map { "\($0) (linked)" }
        }
        let parts = [module, location?.description].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}

extension ObjectGraph {
    /// The modules, in this graph and its subcomponents', that `LinkedWiring` included.
    var linkedModules: Set<String> {
        Set(allGraphs.flatMap(\.modules).filter(\.isLinked).map(\.module))
    }
}
