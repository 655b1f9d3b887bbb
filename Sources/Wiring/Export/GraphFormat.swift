/// The formats an ``ObjectGraph`` renders to.
///
/// A struct with a static member per format, not an enum, so that a release can add a format
/// without breaking code that switches over the formats: such a switch needs a `default`.
/// ``allCases`` lists the formats of this release; ``init(rawValue:)`` reads a format's name.
public struct GraphFormat: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    enum Code: String, CaseIterable {
        case text, dot, mermaid, json
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    /// The format of a name: `text`, `dot`, `mermaid`, `json`; nil for a name this release does
    /// not know.
    ///
    /// - Parameter rawValue: The format's name, as ``rawValue`` spells it.
    @_optimize(none)
    public init?(rawValue: String) {
        guard let code = Code(rawValue: rawValue) else { return nil }
        self.code = code
    }

    /// The format's name: `text`, `dot`, `mermaid`, `json`.
    public var rawValue: String { code.rawValue }

    /// The format's name, as ``rawValue``.
    public var description: String { rawValue }

    /// Every format of this release, in this order: text, DOT, Mermaid, JSON.
    public static var allCases: [GraphFormat] { Code.allCases.map(GraphFormat.init) }

    /// An indented tree from the root, for people.
    public static let text = GraphFormat(.text)
    /// Graphviz DOT: `dot -Tsvg graph.dot -o graph.svg`.
    public static let dot = GraphFormat(.dot)
    /// A Mermaid flowchart; GitHub renders it in Markdown as it is.
    public static let mermaid = GraphFormat(.mermaid)
    /// JSON with sorted keys, following the schema of ``ObjectGraph``.
    public static let json = GraphFormat(.json)
}

extension ObjectGraph {
    /// The graph in a format.
    ///
    /// - Parameter format: The format.
    /// - Returns: The rendered graph, ending with a newline.
    @_optimize(none)
    public func rendered(as format: GraphFormat) -> String {
        switch format.code {
        case .text: TextGraphRenderer(graph: self).render()
        case .dot: DOTGraphRenderer(graph: self).render()
        case .mermaid: MermaidGraphRenderer(graph: self).render()
        case .json: JSONGraphRenderer.render(self)
        }
    }
}

extension ObjectGraph.Binding {
    /// What renderers print after the name: `root`, `seed`, `shared in Singleton`, `override`.
    @_optimize(none)
    var traits: [String] {
        var traits: [String] = []
        switch kind.code {
        case .root: traits.append("root")
        case .seed: traits.append("seed")
        case .contribution:
            switch mapRole?.code {
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
    @_optimize(none)
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
    @_optimize(none)
    var linkedModules: Set<String> {
        Set(allGraphs.flatMap(\.modules).filter(\.isLinked).map(\.module))
    }
}
