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
        graph.nodes = graph.entries.map { graph.declarations[$0.declarations[0]].makeNode() }
    }

    /// Links every key in `order`, then returns the root's linker.
    mutating func link(in order: DependencyOrder) -> Linker {
        seedSlot = graph.graph.seed?.reserveSeedSlot(in: &layout)
        for entry in order.linkOrder {
            let declarations = graph.entries[entry].declarations
            let linkers = declarations.map { linker(for: $0) }
            let first = graph.declarations[declarations[0]]
            if graph.isCollection(entry) {
                let inherited = graph.inheritedCollection(graph.entries[entry].key).map { found in
                    InheritedCollection(node: graph.ancestor(found.depth).nodes[found.entry], depth: found.depth)
                }
                first.linkCollection(
                    into: graph.nodes[entry], contributions: declarations.map { graph.declarations[$0] }, with: linkers, inherited: inherited
                )
            } else {
                first.link(into: graph.nodes[entry], with: linkers[0])
            }
            placeStackCheckpoint(graph.nodes[entry], dependencies: linkers.flatMap(\.targets))
        }
        graph.releaseOrder = order.linkOrder
        return Linker(sharedSlot: nil, targets: ArraySlice(graph.rootResolutions.map { target($0, in: graph) }))
    }

    /// Records how deep the node lies and, where deep chains need one, puts a stack checkpoint
    /// in its resolver.
    private func placeStackCheckpoint(_ node: AnyNode, dependencies: [LinkTarget]) {
        let depths = dependencies.map(\.keyDepth)
        node.depth = (depths.max() ?? 0) + 1
        if StackCheckpoint.isNeeded(depth: node.depth, shallowestDependency: depths.min() ?? 0) {
            node.insertStackCheckpoint()
        }
    }

    private mutating func linker(for declaration: Int) -> Linker {
        let sharedSlot = graph.declarations[declaration].isShared
            ? graph.declarations[declaration].reserveSharedSlot(in: &layout)
            : nil
        return Linker(sharedSlot: sharedSlot, targets: ArraySlice(graph.resolutions(of: declaration).map { target($0, in: graph) }))
    }

    private func target(_ resolution: ResolvedGraph.Resolution, in graph: ResolvedGraph) -> LinkTarget {
        switch resolution {
        case let .entry(entry, wrapper):
            return .node(graph.nodes[entry], wrapper: wrapper)
        case let .function(entry):
            return .function(graph.nodes[entry])
        case let .absent(wrapper):
            return .absent(wrapper: wrapper)
        case let .inherited(depth, inner):
            return .inherited(depth: depth, target(inner, in: graph.ancestor(depth)))
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
