/// The order in which a graph's keys can be linked, dependencies first, and the cycles that
/// prevent any order.
///
/// Only eager requests count (see `ResolvedGraph.isEager`): a `Provider`, a `() -> T` or a
/// `WeakProvider` is resolved after construction, so a cycle through one can be linked and
/// works. The eager requests of a binding that resolves them only when its value is used (an
/// assisted factory's, a property injector's: `AnyDeclaration.defersRequests`) are deferred
/// edges: the order keeps them where it can, so that such a binding is linked after what it
/// asks for, like any other, but a loop through one is no cycle. Inside such a loop the binding
/// is linked first, and reads the resolvers of what is linked after it when it is used
/// (`LinkTarget.late`).
///
/// The search is Tarjan's strongly-connected-components algorithm with an explicit stack, so a
/// 10,000-deep chain costs no call-stack depth: once over every edge, then, inside each loop it
/// finds, over the loop's eager edges alone, which order its keys and find its cycles.
struct DependencyOrder {
    /// An eager request of one entry's declaration for another entry.
    struct Edge {
        // 32-bit, as the graph's entries are: an edge takes 12 bytes.
        private let targetIndex: Int32
        private let declarationIndex: Int32
        /// Whether the declaration resolves the request only when its value is used
        /// (`AnyDeclaration.defersRequests`): the edge orders linking, but closes no cycle.
        let isDeferred: Bool

        /// The entry requested.
        var target: Int { Int(targetIndex) }
        /// The declaration that requests it.
        var declaration: Int { Int(declarationIndex) }

        init(target: Int32, declaration: Int, isDeferred: Bool) {
            targetIndex = target
            declarationIndex = Int32(declaration)
            self.isDeferred = isDeferred
        }
    }

    /// Entries in dependency-first order: every entry comes after the entries it requests
    /// eagerly, and after those its deferred edges reach unless they loop back to it.
    private(set) var linkOrder: [Int] = []
    /// The groups of entries that request each other eagerly in a loop.
    private(set) var cycles: [[Int]] = []
    private var edgeStart: [Int] = []
    private var edges: [Edge] = []

    init(_ graph: ResolvedGraph) {
        collectEdges(graph)
        findComponents(count: graph.entries.count)
    }

    /// The edges of an entry's declarations, deferred ones included.
    func edges(from entry: Int) -> ArraySlice<Edge> {
        edges[edgeStart[entry]..<edgeStart[entry + 1]]
    }

    private mutating func collectEdges(_ graph: ResolvedGraph) {
        edgeStart.reserveCapacity(graph.entries.count + 1)
        edges.reserveCapacity(graph.resolutions.count)
        // The graph's flat arrays, not each declaration's requests: no retain per declaration.
        let requests = graph.requests
        let resolutions = graph.resolutions
        let declarations = graph.declarations
        for entry in graph.entries.indices {
            edgeStart.append(edges.count)
            for index in graph.declarations(of: entry) {
                let declaration = Int(index)
                let range = graph.requestRange(of: declaration)
                guard !range.isEmpty else { continue }
                let isDeferred = declarations[declaration].defersRequests
                for position in range {
                    // An eager request: `T`, `T?`, or a parameter whose own type is bound as a
                    // value (`() -> T`, `[K: Provider<V>]`), which a recipe reads when it is linked.
                    guard case let .entry(target, _) = resolutions[position], ResolvedGraph.isEager(requests[position], resolutions[position]) else {
                        continue
                    }
                    edges.append(Edge(target: target, declaration: declaration, isDeferred: isDeferred))
                }
            }
        }
        edgeStart.append(edges.count)
    }

    private mutating func findComponents(count: Int) {
        var linkOrder: [Int] = []
        var cycles: [[Int]] = []
        linkOrder.reserveCapacity(count)
        let edges = self.edges
        let edgeStart = self.edgeStart
        Self.components(count: count, edges: { edgeStart[$0]..<edgeStart[$0 + 1] }, follow: { edges[$0].target }) { members, isLoop in
            guard isLoop else {
                linkOrder.append(contentsOf: members)
                return
            }
            // A loop: its eager edges alone order it, and what loops through them is a cycle.
            let loop = Array(members)
            var local: [Int: Int] = [:]
            for (position, entry) in loop.enumerated() {
                local[entry] = position
            }
            Self.components(
                count: loop.count,
                edges: { edgeStart[loop[$0]]..<edgeStart[loop[$0] + 1] },
                follow: { edges[$0].isDeferred ? nil : local[edges[$0].target] }
            ) { members, isCycle in
                let entries = members.map { loop[$0] }
                linkOrder.append(contentsOf: entries)
                if isCycle {
                    cycles.append(entries)
                }
            }
        }
        self.linkOrder = linkOrder
        self.cycles = cycles
    }

    /// Tarjan's search over the vertices `0..<count`: hands each group of vertices that reach
    /// each other to `found`, dependencies first, with whether it is a loop (more than one
    /// vertex, or one with an edge to itself).
    ///
    /// - Parameters:
    ///   - count: The number of vertices.
    ///   - edges: The indices in `edges` of a vertex's edges.
    ///   - follow: The vertex an edge leads to, or nil for an edge the search does not follow.
    ///   - found: Receives each group, in the order its members were completed.
    @inline(__always)
    private static func components(
        count: Int, edges: (Int) -> Range<Int>, follow: (Int) -> Int?, found: (_ members: ArraySlice<Int>, _ isLoop: Bool) -> Void
    ) {
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var componentStack: [Int] = []
        var callStack: [(vertex: Int, nextEdge: Int)] = []
        // One array for every group, emptied each time: only a group's vertices are copied.
        var component: [Int] = []
        var counter = 0

        for start in 0..<count where index[start] == -1 {
            var next: Int? = start
            while true {
                if let vertex = next {
                    next = nil
                    index[vertex] = counter
                    lowLink[vertex] = counter
                    counter += 1
                    componentStack.append(vertex)
                    onStack[vertex] = true
                    callStack.append((vertex, edges(vertex).lowerBound))
                }
                guard let (vertex, nextEdge) = callStack.last else { break }
                if nextEdge < edges(vertex).upperBound {
                    callStack[callStack.count - 1].nextEdge += 1
                    guard let target = follow(nextEdge) else { continue }
                    if index[target] == -1 {
                        next = target
                    } else if onStack[target] {
                        lowLink[vertex] = min(lowLink[vertex], index[target])
                    }
                    continue
                }
                callStack.removeLast()
                if let caller = callStack.last {
                    lowLink[caller.vertex] = min(lowLink[caller.vertex], lowLink[vertex])
                }
                guard lowLink[vertex] == index[vertex] else { continue }
                component.removeAll(keepingCapacity: true)
                while let member = componentStack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == vertex { break }
                }
                found(component[...], component.count > 1 || edges(vertex).contains { follow($0) == vertex })
            }
        }
    }
}
