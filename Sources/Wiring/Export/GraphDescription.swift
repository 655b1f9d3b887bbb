/// What a compiled component keeps of its declarations, so that its graph can be exported and
/// inspected after `of`.
final class GraphDescription: @unchecked Sendable {
    // Safe to share: made by `ComponentFactory.of` and never changed afterwards; everything
    // after that only reads it.
    let graph: ResolvedGraph
    let componentScope: any Any.Type
    /// The installed subcomponents' descriptions, with where each was installed; set once while
    /// `of` links them.
    var subcomponents: [(site: CallSite, description: GraphDescription)] = []

    init(graph: ResolvedGraph, componentScope: any Any.Type) {
        self.graph = graph
        self.componentScope = componentScope
    }

    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    /// The graph as data, with its subcomponents' graphs nested in it.
    func export() -> ObjectGraph {
        export(prefix: "", installedAt: nil, ancestors: [])
    }

    static let rootID = "root"

    /// - Parameters:
    ///   - prefix: Put before every id of a subcomponent, so ids stay unique in the hierarchy.
    ///   - ancestors: The binding ids of each ancestor, the parent first.
    private func export(prefix: String, installedAt: SourceLocation?, ancestors: [[String]]) -> ObjectGraph {
        let ids = bindingIDs(prefix: prefix)
        let rootID = prefix + Self.rootID
        var bindings = graph.declarations.enumerated().map { index, declaration in
            binding(declaration, id: ids[index])
        }
        var dependencies: [ObjectGraph.Dependency] = []
        for (index, declaration) in graph.declarations.enumerated() {
            dependencies += edges(from: ids[index], declaration, graph.resolutions(of: index), ids: ids, ancestors: ancestors)
        }
        if let root = graph.builder.root, graph.rootEntry == nil {
            bindings.append(binding(root, id: rootID))
            dependencies += edges(from: rootID, root, graph.rootResolutions[...], ids: ids, ancestors: ancestors)
        }
        let modules = graph.builder.inclusions.map { inclusion in
            ObjectGraph.ModuleInclusion(
                module: TypeName.qualified(inclusion.module),
                includedBy: TypeName.qualified(inclusion.includedBy),
                location: inclusion.site.location
            )
        }
        let children = subcomponents.map { site, description in
            description.export(prefix: prefix + description.graph.componentName + "/", installedAt: site.location, ancestors: [ids] + ancestors)
        }
        return ObjectGraph(
            component: graph.componentName,
            scope: TypeName.qualified(componentScope),
            root: rootID,
            bindings: bindings,
            dependencies: dependencies,
            modules: modules,
            installedAt: installedAt,
            subcomponents: children
        )
    }

    /// `Module.Type`, `#Module.Tag` when tagged, `@n` for the n-th contribution of a collection,
    /// `[key]` for a map entry.
    @_optimize(none)
    private func bindingIDs(prefix: String) -> [String] {
        var contributionCounts: [String: Int] = [:]
        return graph.declarations.map { declaration in
            if declaration.role == .root { return prefix + Self.rootID }
            // A binding a private module keeps: its module first, so that two private modules'
            // bindings of one type get two ids.
            let keeper = privateModule(of: declaration).map { TypeName.qualified($0) + "::" } ?? ""
            var id = prefix + keeper + TypeName.qualified(declaration.key.type)
            if let tag = declaration.key.tag { id += "#" + TypeName.qualified(tag) }
            if declaration.role == .contribution {
                switch (declaration.mapRole, declaration.mapKey) {
                case let (.entry?, key?):
                    id += "[\(key.text)]"
                case let (.removal?, key?):
                    id += "[\(key.text)]@removed"
                default:
                    contributionCounts[id, default: 0] += 1
                    id += "@\(contributionCounts[id, default: 1])"
                }
            }
            return id
        }
    }

    private func binding(_ declaration: AnyDeclaration, id: String) -> ObjectGraph.Binding {
        let kind: ObjectGraph.Binding.Kind = switch declaration.role {
        case .unique: .unique
        case .contribution: .contribution
        case .seed: .seed
        case .root: .root
        }
        return ObjectGraph.Binding(
            id: id,
            type: TypeName.qualified(declaration.key.type),
            name: TypeName.of(declaration.key.type),
            tag: declaration.key.tag.map(TypeName.qualified),
            kind: kind,
            scope: declaration.isShared ? TypeName.qualified(componentScope) : nil,
            isCollection: declaration.role == .contribution,
            module: TypeName.qualified(declaration.declaringModule),
            location: declaration.location,
            isOverride: declaration.isOverride,
            effects: declaration.effects,
            implementation: graph.builder.implementations[ObjectIdentifier(declaration)].map(TypeName.of),
            mapKey: declaration.mapKey?.text,
            mapRole: declaration.mapRole.map { role in
                switch role {
                case .entry: .entry
                case .declaration: .declaration
                case .removal: .removal
                }
            },
            privateTo: privateModule(of: declaration).map(TypeName.qualified),
            exposedFrom: exposingModule(of: declaration).map(TypeName.qualified)
        )
    }

    /// The private module whose key space holds a declaration; nil for a public one.
    @_optimize(none)
    private func privateModule(of declaration: AnyDeclaration) -> (any Any.Type)? {
        guard let boundary = graph.builder.boundary(of: declaration), boundary.keySpace >= 0 else { return nil }
        return graph.builder.boundaries[Int(boundary.keySpace)].module
    }

    /// The private module a declaration exposes: the one an `expose` alias reaches into, or the
    /// one whose exposed contribution it is.
    @_optimize(none)
    private func exposingModule(of declaration: AnyDeclaration) -> (any Any.Type)? {
        guard let boundary = graph.builder.boundary(of: declaration), boundary.keySpace != boundary.resolvesIn else { return nil }
        return graph.builder.boundaries[Int(boundary.resolvesIn)].module
    }

    @_optimize(none)
    private func edges(
        from id: String, _ declaration: AnyDeclaration, _ resolutions: ArraySlice<ResolvedGraph.Resolution>, ids: [String],
        ancestors: [[String]]
    ) -> [ObjectGraph.Dependency] {
        zip(declaration.requests, resolutions).map { request, resolution in
            let targets = targetIDs(resolution, ids: ids, ancestors: ancestors)
            // A factory bound as a value is taken as it is, like any value.
            let kind = resolution.isWrapped ? request.kind.exported : request.kind.exportedAsValue
            let functionKind: ObjectGraph.Dependency.Kind = if case .function = resolution.local { .function } else { kind }
            return ObjectGraph.Dependency(from: id, to: targets, parameter: TypeName.of(request.parameterType), kind: functionKind)
        }
    }

    /// The ids of the bindings a resolution reaches: in this component, or in an ancestor; a
    /// collection's or a map's also reach what its ancestors contribute.
    @_optimize(none)
    private func targetIDs(_ resolution: ResolvedGraph.Resolution, ids: [String], ancestors: [[String]]) -> [String] {
        if case let .inherited(levels, inner) = resolution {
            guard let entry = inner.entry else { return [] }
            return contributionIDs(of: entry, depth: Int(levels), ids: ids, ancestors: ancestors)
        }
        guard let entry = resolution.entry else { return [] }
        return contributionIDs(of: entry, depth: 0, ids: ids, ancestors: ancestors)
    }

    /// The ids of an entry's declarations, in the graph `depth` levels up (0: this one). For a
    /// collection or a map, those of the collection it adds to in an ancestor follow, in
    /// ``CollectionOrder``: the order of the elements `build()` makes.
    @_optimize(none)
    private func contributionIDs(of entry: Int, depth: Int, ids: [String], ancestors: [[String]]) -> [String] {
        guard depth <= ancestors.count else { return [] }
        let owner = graph.ancestor(depth)
        let ownerIDs = depth == 0 ? ids : ancestors[depth - 1]
        let own = owner.declarations(of: entry).map { ownerIDs[Int($0)] }
        let inherited = owner.inheritedCollection(of: entry).map { found in
            contributionIDs(of: found.entry, depth: depth + found.depth, ids: ids, ancestors: ancestors)
        }
        return CollectionOrder.parts(own: [own], inherited: inherited).flatMap(\.self)
    }
}
