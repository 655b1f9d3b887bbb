/// Compiles a validated graph into linked resolvers and the layout of its instances.
///
/// Keys are linked dependencies first, so a factory's resolver captures the resolvers of its
/// parameters directly. Only wrappers (`Provider`, `() -> T`) keep a node and read its resolver
/// when called, which is what lets a cycle through them link; so does an assisted factory or a
/// property injector in a loop, for the keys of the loop linked after it (`LinkTarget.late`). A
/// subcomponent is linked after its ancestors, whose nodes it reaches through the instance's
/// parent pointers.
struct GraphLinker {
    private(set) var layout = InstanceLayoutBuilder()
    private(set) var seedSlot: StorageSlot?
    /// The cells of the parameter pack resolvers linked here, for the layout to keep.
    let packCells = PackResolverCells()
    private let graph: ResolvedGraph
    // The graph's arrays, read once: reading them through the graph for every key would retain
    // and release each array every time.
    private let nodes: [AnyNode]
    private let declarations: [AnyDeclaration]
    private let requests: [DependencyRequest]
    private let resolutions: [ResolvedGraph.Resolution]

    init(_ graph: ResolvedGraph) {
        self.graph = graph
        nodes = graph.entries.map { _ in AnyNode() }
        graph.nodes = nodes
        graph.depths = Array(repeating: 0, count: nodes.count)
        declarations = graph.declarations
        requests = graph.requests
        resolutions = graph.resolutions
    }

    /// Links every key in `order`, then returns the root's linker.
    mutating func link(in order: DependencyOrder) -> Linker {
        if let seed = graph.builder.seed {
            let slot = layout.addSeed(seed.seedType)
            seed.slot = slot
            seedSlot = slot
        }
        let entries = graph.entries
        var targets: [LinkTarget] = []
        for entry in order.linkOrder {
            let node = nodes[entry]
            let firstIndex = graph.firstDeclarationIndex(of: entries[entry])
            let first = declarations[firstIndex]
            let context = EffectContext.native(for: graph.effects(ofEntry: entry))
            if first.role == .contribution {
                let contributions = graph.declarations(of: entry).map(Int.init)
                let linkers = contributions.map { linker(for: $0, in: context) }
                let inherited = graph.inheritedCollection(of: entry).map { found in
                    InheritedCollection(node: graph.ancestor(found.depth).nodes[found.entry], depth: found.depth)
                }
                first.link(with: CollectionLinking(
                    node: node, contributions: contributions.map { declarations[$0] }, linkers: linkers, inherited: inherited
                ))
                var depths = DepthRange()
                for linker in linkers {
                    depths.include(linker.targets)
                }
                placeStackCheckpoint(node, entry: entry, of: first.key.type, dependencies: depths)
            } else {
                // The common case, one declaration: linked without arrays of its own.
                let linker = linker(for: first, at: firstIndex, in: context, listingTargetsIn: &targets)
                if let unique = first as? UniqueDeclaration {
                    // Nearly every key: linked without a `UniqueLinking` value, which would copy
                    // the linker in and out again (+4.5 % on a warm `of` of 1,000 bindings).
                    UniqueLinking.link(unique, into: node, with: linker, from: graph.builder)
                } else {
                    first.link(with: UniqueLinking(node: node, linker: linker, builder: graph.builder))
                }
                if let sink = linker.sink {
                    node.effectful = sink.resolvers
                }
                var depths = DepthRange()
                depths.include(linker.targets)
                placeStackCheckpoint(node, entry: entry, of: first.key.type, dependencies: depths)
            }
        }
        graph.builder.dropPendingLinks()
        graph.releaseOrder = order.linkOrder.map { Int32($0) }
        let root = graph.builder.root?.requests ?? []
        let rootTargets = ArraySlice(zip(graph.rootResolutions, root).map { Self.target($0, for: $1, in: graph, nodes: nodes) })
        let context = EffectContext.native(for: graph.rootEffects)
        guard context != .synchronous, let rootDeclaration = graph.builder.root else {
            return Linker(sharedSlot: nil, targets: rootTargets, packCells: UnretainedPackResolverCells(packCells))
        }
        return Linker(
            sharedSlot: nil, targets: rootTargets, packCells: UnretainedPackResolverCells(packCells), context: context,
            sink: sink(for: rootDeclaration)
        )
    }

    /// Where a binding linked in an effectful context leaves its resolvers.
    private func sink(for declaration: AnyDeclaration) -> EffectSink {
        EffectSink(errorContext: ErrorContext(
            requirement: ResolutionError.Requirement(binding: graph.requirerName(declaration), location: declaration.location),
            componentPath: graph.path
        ))
    }

    /// Records how deep the node lies and, where deep chains need one, puts a stack checkpoint
    /// in its resolver.
    private func placeStackCheckpoint(_ node: AnyNode, entry: Int, of valueType: any Any.Type, dependencies depths: DepthRange) {
        let depth = depths.deepest + 1
        graph.depths[entry] = Int32(clamping: depth)
        if StackCheckpoint.isNeeded(depth: depth, shallowestDependency: depths.shallowest) {
            node.insertStackCheckpoint(valueType: valueType)
        }
    }

    /// The linker of a declaration, with a targets array of its own.
    private mutating func linker(for declaration: Int, in context: EffectContext) -> Linker {
        var targets: [LinkTarget] = []
        return linker(for: declarations[declaration], at: declaration, in: context, listingTargetsIn: &targets)
    }

    /// The linker of a declaration, its targets listed in `targets` (emptied first). The linker
    /// shares the array's storage: once it is gone, the next call reuses that storage, so the
    /// common case of one declaration per key allocates no array per binding.
    ///
    /// - Parameters:
    ///   - declaration: The declaration.
    ///   - index: Its index in the graph's declarations.
    ///   - context: The context the declaration is linked in.
    ///   - targets: The array to list the targets in.
    private mutating func linker(
        for declaration: AnyDeclaration, at index: Int, in context: EffectContext, listingTargetsIn targets: inout [LinkTarget]
    ) -> Linker {
        let sharedSlot = declaration.isShared ? layout.addShared(declaration.sharedValueType, in: context) : nil
        let range = graph.requestRange(of: index)
        targets.removeAll(keepingCapacity: true)
        targets.reserveCapacity(range.count)
        let defers = declaration.defersRequests
        for position in range {
            let target = Self.target(resolutions[position], for: requests[position], in: graph, nodes: nodes)
            // Only a deferred request reaches a key linked after it (see `DependencyOrder`).
            if defers, case let .entry(entry, _) = resolutions[position], graph.depths[Int(entry)] == 0 {
                targets.append(.late(target))
            } else {
                targets.append(target)
            }
        }
        guard context != .synchronous else {
            return Linker(sharedSlot: sharedSlot, targets: targets[...], packCells: UnretainedPackResolverCells(packCells))
        }
        return Linker(
            sharedSlot: sharedSlot, targets: targets[...], packCells: UnretainedPackResolverCells(packCells), context: context,
            sink: sink(for: declaration)
        )
    }

    private static func target(
        _ resolution: ResolvedGraph.Resolution, for request: DependencyRequest, in graph: ResolvedGraph, nodes: [AnyNode]
    ) -> LinkTarget {
        switch resolution {
        case let .entry(entry, wrapped):
            return .node(LinkedNode(nodes[Int(entry)], depth: graph.depths[Int(entry)]), wrapper: wrapped ? request.wrapper : nil)
        case let .function(entry):
            return .function(LinkedNode(nodes[Int(entry)], depth: graph.depths[Int(entry)]))
        case .absent:
            guard let wrapper = request.wrapper else {
                preconditionFailure("Wiring internal error: a parameter without a wrapper was resolved as absent.")
            }
            return .absent(wrapper: wrapper)
        case let .inherited(depth, inner):
            let ancestor = graph.ancestor(Int(depth))
            return .inherited(depth: Int(depth), Self.target(inner, for: request, in: ancestor, nodes: ancestor.nodes))
        case .missing:
            preconditionFailure("Wiring internal error: a graph with a missing binding was linked.")
        }
    }
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
