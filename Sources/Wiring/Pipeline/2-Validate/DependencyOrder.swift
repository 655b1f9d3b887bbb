/// The order in which a graph's keys can be linked, dependencies first, and the cycles that
/// prevent any order.
///
/// Only eager requests count (see `ResolvedGraph.isEager`): a `Provider`, a `() -> T` or a
/// `WeakProvider` is resolved after construction, so a cycle through one can be linked and
/// works. The search is Tarjan's strongly-connected-components algorithm with an explicit
/// stack, so a 10,000-deep chain costs no call-stack depth.
struct DependencyOrder {
    /// An eager request of one entry's declaration for another entry.
    struct Edge {
        let target: Int
        let declaration: Int
    }

    /// Entries in dependency-first order: every entry comes after the entries it requests.
    private(set) var linkOrder: [Int] = []
    /// The groups of entries that request each other in a loop.
    private(set) var cycles: [[Int]] = []
    private var edgeStart: [Int] = []
    private var edges: [Edge] = []

    init(_ graph: ResolvedGraph) {
        collectEdges(graph)
        findComponents(count: graph.entries.count)
    }

    func edges(from entry: Int) -> ArraySlice<Edge> {
        edges[edgeStart[entry]..<edgeStart[entry + 1]]
    }

    private mutating func collectEdges(_ graph: ResolvedGraph) {
        edgeStart.reserveCapacity(graph.entries.count + 1)
        edges.reserveCapacity(graph.resolutions.count)
        // The graph's flat arrays, not each declaration's requests: no retain per declaration.
        let requests = graph.requests
        let resolutions = graph.resolutions
        for entry in graph.entries.indices {
            edgeStart.append(edges.count)
            for index in graph.declarations(of: entry) {
                let declaration = Int(index)
                for position in graph.requestRange(of: declaration) {
                    // An eager request: `T`, `T?`, or a parameter whose own type is bound as a
                    // value (`() -> T`, `[K: Provider<V>]`), which a recipe reads when it is linked.
                    guard case let .entry(target, _) = resolutions[position], ResolvedGraph.isEager(requests[position], resolutions[position]) else {
                        continue
                    }
                    edges.append(Edge(target: Int(target), declaration: declaration))
                }
            }
        }
        edgeStart.append(edges.count)
    }

    private mutating func findComponents(count: Int) {
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var componentStack: [Int] = []
        var callStack: [(entry: Int, nextEdge: Int)] = []
        var counter = 0
        linkOrder.reserveCapacity(count)

        func visit(_ entry: Int) {
            index[entry] = counter
            lowLink[entry] = counter
            counter += 1
            componentStack.append(entry)
            onStack[entry] = true
            callStack.append((entry, edgeStart[entry]))
        }

        for start in 0..<count where index[start] == -1 {
            visit(start)
            while let (entry, nextEdge) = callStack.last {
                if nextEdge < edgeStart[entry + 1] {
                    callStack[callStack.count - 1].nextEdge += 1
                    let target = edges[nextEdge].target
                    if index[target] == -1 {
                        visit(target)
                    } else if onStack[target] {
                        lowLink[entry] = min(lowLink[entry], index[target])
                    }
                    continue
                }
                callStack.removeLast()
                if let caller = callStack.last {
                    lowLink[caller.entry] = min(lowLink[caller.entry], lowLink[entry])
                }
                guard lowLink[entry] == index[entry] else { continue }
                // The component goes straight into the link order; only a cycle gets an array.
                let componentStart = linkOrder.count
                while let member = componentStack.popLast() {
                    onStack[member] = false
                    linkOrder.append(member)
                    if member == entry { break }
                }
                if linkOrder.count - componentStart > 1 || edges(from: entry).contains(where: { $0.target == entry }) {
                    cycles.append(Array(linkOrder[componentStart...]))
                }
            }
        }
    }
}
