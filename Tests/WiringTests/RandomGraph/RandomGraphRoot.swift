import Synchronization
import Wiring

/// The graph `RandomGraphRoot` declares, for the `ComponentFactory.of` call that runs inside
/// `withValue`, and the count of each declaration's constructions.
struct Scenario: Sendable {
    @TaskLocal static var current: Scenario?

    let graph: GeneratedGraph
    let constructions: ConstructionCounter

    /// Where each declaration is made, as `of` reports it: the file and line of its binding in
    /// the graph rendered as source (`RenderedGraph`), which the build-time checks read.
    static let file: StaticString = "RandomWiring/RandomModule.swift"
    static func line(of declaration: Int) -> Int { RenderedGraph.firstLine + declaration }

    init(graph: GeneratedGraph) {
        self.graph = graph
        self.constructions = ConstructionCounter(declarationCount: graph.declarations.count)
    }

    func declare(into binder: Binder<Singleton>) {
        for (index, declaration) in graph.declarations.enumerated() {
            withMarker(declaration.key.node, DeclarationBinder(binder: binder, index: index, declaration: declaration, constructions: constructions))
        }
        for request in Self.probes(of: graph) {
            let probe: SingularCollectionBindingBuilder<Probe, Singleton> = binder.bind(Probe.self).intoCollection()
            finish(probe, [.request(request)]) { observations in Probe(request: request, observation: observations[0]) }
        }
        // So that `[Probe]` is bound even when nothing else is.
        let noProbes: CollectionBindingBuilder<Probe, Singleton> = binder.bind(Probe.self).intoCollection()
        noProbes.to(value: [])
    }

    /// The requests of the probes, in order: a provider of each bound key, and for a map also
    /// the providers of its entries, unless it is bound only whole and so has none (the
    /// generated requests test that case).
    static func probes(of graph: GeneratedGraph) -> [GeneratedGraph.Request] {
        graph.boundKeys.flatMap { key -> [GeneratedGraph.Request] in
            switch key.kind {
            case .plain: return [GeneratedGraph.Request(kind: .provider, node: key.node)]
            case .tagged: return [GeneratedGraph.Request(kind: .taggedProvider, node: key.node)]
            case .collection: return [GeneratedGraph.Request(kind: .collectionProvider, node: key.node)]
            case .map:
                let whole = GeneratedGraph.Request(kind: .providerOfMap, node: key.node)
                let isBoundOnlyWhole = graph.declarations(of: key).allSatisfy { graph.declarations[$0].shape == .unique }
                guard !isBoundOnlyWhole else { return [whole] }
                return [whole, GeneratedGraph.Request(kind: .mapProvider, node: key.node)]
            }
        }
    }

    func declareRoot(_ bind: ReceiptBinder<RandomRoot>) -> BindingReceipt<RandomRoot> {
        let parameters = [ParameterSpec.probes] + (graph.rootRequest.map { [.request($0)] } ?? [])
        return finish(bind, parameters) { observations in RandomRoot(observations: observations) }
    }
}

/// Counts the constructions of each declaration since the last reset.
final class ConstructionCounter: Sendable {
    private let counts: Mutex<[Int]>
    private let declarationCount: Int

    init(declarationCount: Int) {
        self.declarationCount = declarationCount
        self.counts = Mutex([Int](repeating: 0, count: declarationCount))
    }

    func record(_ declaration: Int) { counts.withLock { $0[declaration] += 1 } }
    func count(of declaration: Int) -> Int { counts.withLock { $0[declaration] } }
    func reset() { counts.withLock { $0 = [Int](repeating: 0, count: declarationCount) } }
}

/// Declares one generated declaration, once the marker type of its key is known.
struct DeclarationBinder: MarkerVisitor {
    let binder: Binder<Singleton>
    let index: Int
    let declaration: GeneratedGraph.Declaration
    let constructions: ConstructionCounter

    func visit<M: NodeMarker>(_ marker: M.Type) {
        let parameters = declaration.requests.map(ParameterSpec.request)
        let (key, declarationIndex, count, counter) = (declaration.key, index, declaration.elementCount, constructions)
        @Sendable func node(_ observations: [Observation]) -> Node<M> {
            counter.record(declarationIndex)
            return Node(made: Made(key: key, declaration: declarationIndex, element: 0, observations: observations))
        }
        @Sendable func nodes(_ observations: [Observation]) -> [Node<M>] {
            counter.record(declarationIndex)
            return (0..<count).map { Node(made: Made(key: key, declaration: declarationIndex, element: $0, observations: observations)) }
        }
        /// A whole map: each element under its index.
        @Sendable func map(_ observations: [Observation]) -> [Int: Node<M>] {
            counter.record(declarationIndex)
            return Dictionary(uniqueKeysWithValues: (0..<count).map { element in
                (element, Node(made: Made(key: key, declaration: declarationIndex, element: element, observations: observations)))
            })
        }
        let shared = declaration.isShared
        let line = Scenario.line(of: index)
        switch (key.kind, declaration.shape) {
        case (.map, .unique):
            let builder = binder.bind([Int: Node<M>].self, file: Scenario.file, line: line)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: map)
        case (.map, .entry):
            let builder = binder.bind(Node<M>.self, file: Scenario.file, line: line).intoMap(key: declaration.mapKey ?? 0)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.map, .declared):
            binder.declareMap([Int: Node<M>].self, file: Scenario.file, line: line)
        case (.map, _), (_, .entry), (_, .declared):
            preconditionFailure("only a map has entries: \(declaration)")
        case (.plain, _):
            let builder = binder.bind(Node<M>.self, file: Scenario.file, line: line)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.tagged, _):
            let builder = binder.bind(Node<M>.self, file: Scenario.file, line: line).tagged(with: Label<M>.self)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.collection, .unique):
            let builder = binder.bind([Node<M>].self, file: Scenario.file, line: line)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: nodes)
        case (.collection, .element):
            let builder: SingularCollectionBindingBuilder<Node<M>, Singleton> = binder.bind(Node<M>.self, file: Scenario.file, line: line)
                .intoCollection()
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.collection, .elements):
            let builder: CollectionBindingBuilder<Node<M>, Singleton> = binder.bind(Node<M>.self, file: Scenario.file, line: line)
                .intoCollection()
            finish(shared ? builder.sharedInScope() : builder, parameters, make: nodes)
        }
    }
}

struct RandomGraphRoot: RootComponent {
    typealias Root = RandomRoot

    static func configure(binder: Binder<Singleton>) {
        Scenario.current?.declare(into: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<RandomRoot>) -> BindingReceipt<RandomRoot> {
        guard let scenario = Scenario.current else { return bind.to { RandomRoot(observations: []) } }
        return scenario.declareRoot(bind)
    }
}
