/// A generated graph written as the Swift source of its root component, for the build-time
/// checks of `LinkedWiringScanner` to read (`RandomGraphStaticCheckTests`): the source is never
/// compiled, but each declaration sits at the line `Scenario` passes to its `bind`, so that `of`
/// and the checks name the same places.
///
/// Node `n` is `Nn` (`Node<Mn>` at run time), its tag `Tn` (`Label<Mn>`); declaration `i` is made
/// by `Di.init`, whose parameters are its requests, spelled as the parameter types Wiring sees.
/// The probes `RandomGraphRoot` also declares only ask for providers of bound keys, which the
/// checks never key, so they are left out.
enum RenderedGraph {
    /// The line of the first declaration.
    static let firstLine = 6

    static func source(of graph: GeneratedGraph) -> String {
        var lines = [
            "import Wiring",
            "",
            "struct RandomGraphRoot: RootComponent {",
            "    static func configure(binder: Binder<Singleton>) {",
            "        // One declaration a line, in the order RandomGraphRoot makes them.",
        ]
        for (index, declaration) in graph.declarations.enumerated() {
            lines.append("        " + statement(declaration, index))
        }
        lines += [
            "    }",
            "    static func configureRoot(binder bind: ReceiptBinder<RandomRoot>) -> BindingReceipt<RandomRoot> {",
            "        bind.to(factory: RandomRoot.init)",
            "    }",
            "}",
            "",
            "public struct RandomRoot {",
            "    public init(" + (graph.rootRequest.map { "p0: " + parameterType($0) } ?? "") + ") {}",
            "}",
        ]
        for node in 0..<graph.nodeCount {
            lines.append("public final class N\(node) {}")
            lines.append("public enum T\(node): BindingTag {}")
        }
        for (index, declaration) in graph.declarations.enumerated() {
            let parameters = declaration.requests.enumerated().map { "p\($0.offset): " + parameterType($0.element) }
            lines.append("public struct D\(index) { public init(\(parameters.joined(separator: ", "))) {} }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func statement(_ declaration: GeneratedGraph.Declaration, _ index: Int) -> String {
        let node = "N\(declaration.key.node)"
        let shared = declaration.isShared ? ".sharedInScope()" : ""
        let terminal = "\(shared).to(factory: D\(index).init)"
        switch (declaration.key.kind, declaration.shape) {
        case (.map, .declared): return "binder.declareMap([Int: \(node)].self)"
        case (.map, .entry): return "binder.bind(\(node).self).intoMap(key: \(declaration.mapKey ?? 0))\(terminal)"
        case (.map, _): return "binder.bind([Int: \(node)].self)\(terminal)"
        case (.plain, _): return "binder.bind(\(node).self)\(terminal)"
        case (.tagged, _): return "binder.bind(\(node).self).tagged(with: T\(declaration.key.node).self)\(terminal)"
        case (.collection, .unique): return "binder.bind([\(node)].self)\(terminal)"
        case (.collection, _): return "binder.bind(\(node).self).intoCollection()\(terminal)"
        }
    }

    /// A request as the parameter type `ParameterTypes` gives it.
    private static func parameterType(_ request: GeneratedGraph.Request) -> String {
        let node = "N\(request.node)"
        return switch request.kind {
        case .plain: node
        case .optional: "\(node)?"
        case .closure: "@escaping () -> \(node)"
        case .sendableClosure: "@escaping @Sendable () -> \(node)"
        case .provider: "Provider<\(node)>"
        case .lazy: "Lazy<\(node)>"
        case .taggedProvider: "TaggedProvider<T\(request.node)>"
        case .collection: "[\(node)]"
        case .collectionProvider: "Provider<[\(node)]>"
        case .map: "[Int: \(node)]"
        case .mapProvider: "[Int: Provider<\(node)>]"
        case .providerOfMap: "Provider<[Int: \(node)]>"
        }
    }
}
