/// Compiles a validated graph into linked resolvers and the layout of its instances.
///
/// Keys are linked dependencies first, so a factory's resolver captures the resolvers of its
/// parameters directly. Only wrappers (`Provider`, `() -> T`) keep a node and read its resolver
/// when called, which is what lets a cycle through them link. A subcomponent is linked after
/// its ancestors, whose nodes it reaches through the instance's parent pointers.
struct GraphLinker {
    private(set) var layout = InstanceLayoutBuilder()
    private(set) var seedSlot: StorageSlot?
    private let graph: ResolvedGraph

    init(_ graph: ResolvedGraph) {
        self.graph = graph
        graph.nodes = graph.entries.map { _ in AnyNode() }
    }

    /// Links every key in `order`, then returns the root's linker.
    mutating func link(in order: DependencyOrder) -> Linker {
        seedSlot = graph.graph.seed?.reserveSeedSlot(in: &layout)
        var targets: [LinkTarget] = []
        for entry in order.linkOrder {
            let node = graph.nodes[entry]
            let firstIndex = graph.firstDeclarationIndex(of: graph.entries[entry])
            let first = graph.declarations[firstIndex]
            if graph.isCollection(entry) {
                let declarations = graph.declarations(of: entry).map(Int.init)
                let linkers = declarations.map { linker(for: $0) }
                let inherited = graph.inheritedCollection(of: entry).map { found in
                    InheritedCollection(node: graph.ancestor(found.depth).nodes[found.entry], depth: found.depth)
                }
                first.linkCollection(
                    into: node, contributions: declarations.map { graph.declarations[$0] }, with: linkers, inherited: inherited
                )
                var depths = DepthRange()
                for linker in linkers {
                    depths.include(linker.targets)
                }
                placeStackCheckpoint(node, of: first.key.type, dependencies: depths)
            } else {
                // The common case, one declaration: linked without arrays of its own.
                let linker = linker(for: firstIndex, listingTargetsIn: &targets)
                first.link(into: node, with: linker, from: graph.graph)
                var depths = DepthRange()
                depths.include(linker.targets)
                placeStackCheckpoint(node, of: first.key.type, dependencies: depths)
            }
        }
        graph.graph.dropPendingLinks()
        graph.releaseOrder = order.linkOrder.map { Int32($0) }
        let root = graph.graph.root?.requests ?? []
        return Linker(sharedSlot: nil, targets: ArraySlice(zip(graph.rootResolutions, root).map { Self.target($0, for: $1, in: graph) }))
    }

    /// Records how deep the node lies and, where deep chains need one, puts a stack checkpoint
    /// in its resolver.
    private func placeStackCheckpoint(_ node: AnyNode, of valueType: any Any.Type, dependencies depths: DepthRange) {
        node.depth = depths.deepest + 1
        if StackCheckpoint.isNeeded(depth: node.depth, shallowestDependency: depths.shallowest) {
            node.insertStackCheckpoint(valueType: valueType)
        }
    }

    /// The linker of a declaration, with a targets array of its own.
    private mutating func linker(for declaration: Int) -> Linker {
        var targets: [LinkTarget] = []
        return linker(for: declaration, listingTargetsIn: &targets)
    }

    /// The linker of a declaration, its targets listed in `targets` (emptied first). The linker
    /// shares the array's storage: once it is gone, the next call reuses that storage, so the
    /// common case of one declaration per key allocates no array per binding.
    private mutating func linker(for declaration: Int, listingTargetsIn targets: inout [LinkTarget]) -> Linker {
        let sharedSlot = graph.declarations[declaration].isShared
            ? graph.declarations[declaration].reserveSharedSlot(in: &layout)
            : nil
        let requests = graph.declarations[declaration].requests
        targets.removeAll(keepingCapacity: true)
        targets.reserveCapacity(requests.count)
        for (resolution, request) in zip(graph.resolutions(of: declaration), requests) {
            targets.append(Self.target(resolution, for: request, in: graph))
        }
        return Linker(sharedSlot: sharedSlot, targets: targets[...])
    }

    private static func target(_ resolution: ResolvedGraph.Resolution, for request: DependencyRequest, in graph: ResolvedGraph) -> LinkTarget {
        switch resolution {
        case let .entry(entry, wrapped):
            return .node(LinkedNode(graph.nodes[Int(entry)]), wrapper: wrapped ? request.wrapper : nil)
        case let .function(entry):
            return .function(LinkedNode(graph.nodes[Int(entry)]))
        case .absent:
            guard let wrapper = request.wrapper else {
                preconditionFailure("Wiring internal error: a parameter without a wrapper was resolved as absent.")
            }
            return .absent(wrapper: wrapper)
        case let .inherited(depth, inner):
            return .inherited(depth: Int(depth), Self.target(inner, for: request, in: graph.ancestor(Int(depth))))
        case .missing:
            preconditionFailure("Wiring internal error: a graph with a missing binding was linked.")
        }
    }
}

/// The collection an ancestor provides for a key a subcomponent also contributes to.
struct InheritedCollection {
    let node: AnyNode
    let depth: Int
}

/// The depths of the keys a node depends on: the deepest and the shallowest (0 for none).
private struct DepthRange {
    private(set) var deepest = 0
    private var shallowestSeen = Int.max

    var shallowest: Int { shallowestSeen == .max ? 0 : shallowestSeen }

    mutating func include(_ targets: ArraySlice<LinkTarget>) {
        for target in targets {
            let depth = target.keyDepth
            deepest = max(deepest, depth)
            shallowestSeen = min(shallowestSeen, depth)
        }
    }
}
