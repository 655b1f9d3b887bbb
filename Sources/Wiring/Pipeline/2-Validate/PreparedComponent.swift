/// A component after phase one of `of`: configured, resolved and validated, not yet linked.
final class PreparedComponent {
    /// A subcomponent the component installs, prepared under it.
    struct Child {
        let subcomponent: AnySubcomponent
        let prepared: PreparedComponent
    }

    let graph: ResolvedGraph
    let order: DependencyOrder
    let diagnostics: [Diagnostic]
    let children: [Child]

    init(graph: ResolvedGraph, order: DependencyOrder, diagnostics: [Diagnostic], children: [Child]) {
        self.graph = graph
        self.order = order
        self.diagnostics = diagnostics
        self.children = children
    }

    /// The component's diagnostics, then its subcomponents', depth first.
    var allDiagnostics: [Diagnostic] {
        diagnostics + children.flatMap(\.prepared.allDiagnostics)
    }
}
