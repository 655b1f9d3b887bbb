/// A generated object graph as plain data: what `RandomGraphTests` declares through Wiring's
/// public API, and what `ReferenceGraphChecker` reads to predict Wiring's verdict on its own.
struct GeneratedGraph: Sendable, CustomStringConvertible {
    /// A key of the graph: the node type `Node<Mn>` itself, `Node<Mn>` tagged `Label<Mn>`, the
    /// collection `[Node<Mn>]`, or the map `[Int: Node<Mn>]`.
    struct Key: Hashable, Comparable, Sendable, CustomStringConvertible {
        enum Kind: Int, Sendable, CaseIterable {
            case plain, tagged, collection, map
        }

        let kind: Kind
        let node: Int

        /// The key as Wiring's messages name it.
        var description: String {
            switch kind {
            case .plain: "Node<M\(node)>"
            case .tagged: "Node<M\(node)> tagged Label<M\(node)>"
            case .collection: "[Node<M\(node)>]"
            case .map: "[Int: Node<M\(node)>]"
            }
        }

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.node, lhs.kind.rawValue) < (rhs.node, rhs.kind.rawValue)
        }
    }

    /// One key of one map: what a `.duplicateMapKey` diagnostic names.
    struct MapEntryKey: Hashable, Comparable, Sendable, CustomStringConvertible {
        let map: Key
        let key: Int

        var description: String { "\(map)[\(key)]" }

        static func < (lhs: MapEntryKey, rhs: MapEntryKey) -> Bool {
            (lhs.map, lhs.key) < (rhs.map, rhs.key)
        }
    }

    /// One factory parameter.
    struct Request: Hashable, Sendable, CustomStringConvertible {
        enum Kind: CaseIterable, Sendable {
            /// `Node<M>`
            case plain
            /// `Node<M>?`
            case optional
            /// `() -> Node<M>`
            case closure
            /// `@Sendable () -> Node<M>`
            case sendableClosure
            /// `Provider<Node<M>>`
            case provider
            /// `Lazy<Node<M>>`
            case lazy
            /// `TaggedProvider<Label<M>>`
            case taggedProvider
            /// `[Node<M>]`
            case collection
            /// `Provider<[Node<M>]>`
            case collectionProvider
            /// `[Int: Node<M>]`: every entry is made before the factory runs.
            case map
            /// `[Int: Provider<Node<M>>]`: the keys now, each entry made only by its provider's
            /// `get()`, so a loop through it is legal.
            case mapProvider
            /// `Provider<[Int: Node<M>]>`: the whole map, made by `get()`. The probes of maps
            /// use it, since it works whether the map is bound whole or by entries.
            case providerOfMap
        }

        let kind: Kind
        let node: Int

        /// The key the parameter asks for.
        var target: Key {
            switch kind {
            case .plain, .optional, .closure, .sendableClosure, .provider, .lazy: Key(kind: .plain, node: node)
            case .taggedProvider: Key(kind: .tagged, node: node)
            case .collection, .collectionProvider: Key(kind: .collection, node: node)
            case .map, .mapProvider, .providerOfMap: Key(kind: .map, node: node)
            }
        }

        /// Whether the value is needed before the factory runs, so that a loop of such requests
        /// can never be satisfied.
        var isImmediate: Bool { kind == .plain || kind == .optional || kind == .collection || kind == .map }

        /// Whether an unbound target is fine (the parameter receives nil).
        var acceptsAbsence: Bool { kind == .optional }

        var description: String {
            let node = "Node<M\(self.node)>"
            return switch kind {
            case .plain: node
            case .optional: "\(node)?"
            case .closure: "() -> \(node)"
            case .sendableClosure: "@Sendable () -> \(node)"
            case .provider: "Provider<\(node)>"
            case .lazy: "Lazy<\(node)>"
            case .taggedProvider: "TaggedProvider<Label<M\(self.node)>>"
            case .collection: "[\(node)]"
            case .collectionProvider: "Provider<[\(node)]>"
            case .map: "[Int: \(node)]"
            case .mapProvider: "[Int: Provider<\(node)>]"
            case .providerOfMap: "Provider<[Int: \(node)]>"
            }
        }
    }

    /// One `bind(...)...to(factory:)` call, or one `declareMap`.
    struct Declaration: Sendable, CustomStringConvertible {
        enum Shape: Sendable, Equatable {
            /// A single binding of the key; for a collection or map key, a binding of the whole
            /// array or dictionary.
            case unique
            /// `intoCollection()` with one element.
            case element
            /// `intoCollection()` with an array of elements.
            case elements
            /// `intoMap(key: mapKey)`: one entry of a map.
            case entry
            /// `declareMap`: the map may have no entries. No factory, no requests.
            case declared
        }

        let key: Key
        let shape: Shape
        let isShared: Bool
        let requests: [Request]
        /// How many elements the factory makes: 1, or any number for an array or a whole map
        /// (whose keys are then `0..<elementCount`, each the element of that index); 0 for a
        /// `declareMap`.
        let elementCount: Int
        /// The key of a map entry; nil for every other shape.
        let mapKey: Int?

        init(key: Key, shape: Shape, isShared: Bool, requests: [Request], elementCount: Int, mapKey: Int? = nil) {
            self.key = key
            self.shape = shape
            self.isShared = isShared
            self.requests = requests
            self.elementCount = elementCount
            self.mapKey = mapKey
        }

        /// Whether the declaration adds to a collection or a map (or declares one) rather than
        /// binding the key as a single value.
        var isContribution: Bool { shape != .unique }

        var description: String {
            let shape = switch self.shape {
            case .unique: key.kind == .collection ? "array of \(elementCount)" : key.kind == .map ? "map of \(elementCount)" : "unique"
            case .element: "element"
            case .elements: "elements ×\(elementCount)"
            case .entry: "entry \(mapKey ?? -1)"
            case .declared: "declared"
            }
            let shared = isShared ? " shared" : ""
            return "\(key) (\(shape)\(shared)) <- (\(requests.map(\.description).joined(separator: ", ")))"
        }
    }

    /// How many node types (`M0`, `M1`, …) the graph uses.
    let nodeCount: Int
    /// The declarations, in the order `configure` makes them.
    let declarations: [Declaration]
    /// A parameter of the root's factory besides the probes, if any.
    let rootRequest: Request?
    /// The keys that have at least one declaration, sorted.
    let boundKeys: [Key]
    private let declarationsByKey: [Key: [Int]]

    init(nodeCount: Int, declarations: [Declaration], rootRequest: Request?) {
        self.nodeCount = nodeCount
        self.declarations = declarations
        self.rootRequest = rootRequest
        var byKey: [Key: [Int]] = [:]
        for (index, declaration) in declarations.enumerated() {
            byKey[declaration.key, default: []].append(index)
        }
        self.declarationsByKey = byKey
        self.boundKeys = byKey.keys.sorted()
    }

    /// The indices of every declaration of a key, in declaration order.
    func declarations(of key: Key) -> [Int] {
        declarationsByKey[key] ?? []
    }

    /// Whether anything binds the key.
    func binds(_ key: Key) -> Bool {
        declarationsByKey[key] != nil
    }

    var description: String {
        let lines = declarations.enumerated().map { "  #\($0.offset) \($0.element)" }
        let root = rootRequest.map { "  root <- ([Probe], \($0))" } ?? "  root <- ([Probe])"
        return (["\(nodeCount) node types:"] + lines + [root]).joined(separator: "\n")
    }
}

/// Predicts, from a `GeneratedGraph` alone, what Wiring's validation must report: every missing
/// key, every key bound more than once (or both as a value and as a collection or map), every
/// key of a map with more than one entry, and every group of keys whose factories need each
/// other before any of them can run.
///
/// It follows the rules as the README states them, not Wiring's code: a parameter needs its key
/// bound unless it is `T?`, and a map is bound once anything contributes to it or declares it
/// (`declareMap`); contributions to a collection never clash, but a collection or a map also
/// bound as a whole does, and so do two entries of one map under one key, whatever else is
/// wrong with the map; only `T`, `T?`, `[T]` and `[K: T]` parameters are needed at
/// construction, so a loop through a `Provider`, a `Lazy`, a `() -> T` or a `[K: Provider<T>]`
/// is legal. The root is not a key: nothing can depend on it, so it is in no loop.
struct ReferenceGraphChecker {
    /// What validation must report.
    struct Verdict: Equatable {
        /// Keys some parameter needs and nothing binds.
        var missing: Set<GeneratedGraph.Key> = []
        /// Keys with two or more single bindings.
        var duplicates: Set<GeneratedGraph.Key> = []
        /// Collection and map keys that are also bound as a whole.
        var mixed: Set<GeneratedGraph.Key> = []
        /// Keys of a map that two or more of its entries are contributed under.
        var duplicateMapKeys: Set<GeneratedGraph.MapEntryKey> = []
        /// Each group of keys that need each other at construction (a strongly connected
        /// component of the construction edges, or a key that needs itself).
        var cycles: [Set<GeneratedGraph.Key>] = []

        var isValid: Bool { missing.isEmpty && duplicates.isEmpty && mixed.isEmpty && duplicateMapKeys.isEmpty && cycles.isEmpty }

        /// How many diagnostics Wiring reports: one per missing key, per clash, per map key with
        /// several entries, per loop.
        var diagnosticCount: Int { missing.count + duplicates.count + mixed.count + duplicateMapKeys.count + cycles.count }
    }

    let graph: GeneratedGraph
    /// For every bound key, the bound keys its factories need at construction.
    private(set) var constructionEdges: [GeneratedGraph.Key: Set<GeneratedGraph.Key>] = [:]

    init(_ graph: GeneratedGraph) {
        self.graph = graph
        for declaration in graph.declarations {
            for request in declaration.requests where request.isImmediate && graph.binds(request.target) {
                constructionEdges[declaration.key, default: []].insert(request.target)
            }
        }
    }

    /// Whether a factory of `from` needs `to` at construction.
    func needs(_ from: GeneratedGraph.Key, _ to: GeneratedGraph.Key) -> Bool {
        constructionEdges[from]?.contains(to) ?? false
    }

    func verdict() -> Verdict {
        var verdict = Verdict()
        let requests = graph.declarations.flatMap(\.requests) + (graph.rootRequest.map { [$0] } ?? [])
        for request in requests where !request.acceptsAbsence && !graph.binds(request.target) {
            verdict.missing.insert(request.target)
        }
        // `[Int: Provider<T>]` gives the providers of a map's entries: a map bound only as a
        // single value has none, and Wiring reports the request against that key.
        for request in requests where request.kind == .mapProvider && graph.binds(request.target) {
            if !graph.declarations(of: request.target).contains(where: { graph.declarations[$0].isContribution }) {
                verdict.missing.insert(request.target)
            }
        }
        for key in graph.boundKeys {
            let declarations = graph.declarations(of: key).map { graph.declarations[$0] }
            let singles = declarations.filter { !$0.isContribution }
            guard declarations.count > 1, !singles.isEmpty else { continue }
            if singles.count == declarations.count {
                verdict.duplicates.insert(key)
            } else {
                verdict.mixed.insert(key)
            }
        }
        for key in graph.boundKeys where key.kind == .map {
            var entries: [Int: Int] = [:]
            for declaration in graph.declarations(of: key) {
                guard let mapKey = graph.declarations[declaration].mapKey else { continue }
                entries[mapKey, default: 0] += 1
            }
            for (mapKey, count) in entries where count > 1 {
                verdict.duplicateMapKeys.insert(GeneratedGraph.MapEntryKey(map: key, key: mapKey))
            }
        }
        verdict.cycles = stronglyConnectedComponents(of: graph.boundKeys).filter { component in
            component.count > 1 || component.contains { needs($0, $0) }
        }
        return verdict
    }

    /// Tarjan's algorithm; the graphs are a few dozen keys, so recursion is fine.
    private func stronglyConnectedComponents(of keys: [GeneratedGraph.Key]) -> [Set<GeneratedGraph.Key>] {
        var index: [GeneratedGraph.Key: Int] = [:]
        var lowLink: [GeneratedGraph.Key: Int] = [:]
        var stack: [GeneratedGraph.Key] = []
        var onStack: Set<GeneratedGraph.Key> = []
        var components: [Set<GeneratedGraph.Key>] = []

        func connect(_ key: GeneratedGraph.Key) {
            index[key] = index.count
            lowLink[key] = index[key]
            stack.append(key)
            onStack.insert(key)
            for next in (constructionEdges[key] ?? []).sorted() {
                if index[next] == nil {
                    connect(next)
                    lowLink[key] = min(lowLink[key] ?? 0, lowLink[next] ?? 0)
                } else if onStack.contains(next) {
                    lowLink[key] = min(lowLink[key] ?? 0, index[next] ?? 0)
                }
            }
            guard lowLink[key] == index[key] else { return }
            var component: Set<GeneratedGraph.Key> = []
            while let member = stack.popLast() {
                onStack.remove(member)
                component.insert(member)
                if member == key { break }
            }
            components.append(component)
        }

        for key in keys where index[key] == nil {
            connect(key)
        }
        return components
    }
}
