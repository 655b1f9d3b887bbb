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

    /// The graph as data.
    func export() -> ObjectGraph {
        let ids = bindingIDs()
        var bindings = graph.declarations.enumerated().map { index, declaration in
            binding(declaration, id: ids[index])
        }
        var dependencies: [ObjectGraph.Dependency] = []
        for (index, declaration) in graph.declarations.enumerated() {
            dependencies += edges(from: ids[index], declaration, graph.resolutions(of: index), ids: ids)
        }
        if let root = graph.graph.root {
            bindings.append(binding(root, id: Self.rootID))
            dependencies += edges(from: Self.rootID, root, graph.rootResolutions[...], ids: ids)
        }
        let modules = graph.graph.inclusions.map { inclusion in
            ObjectGraph.ModuleInclusion(
                module: TypeName.qualified(inclusion.module),
                includedBy: TypeName.qualified(inclusion.includedBy),
                location: inclusion.site.location
            )
        }
        return ObjectGraph(
            component: graph.componentName,
            scope: TypeName.qualified(componentScope),
            root: Self.rootID,
            bindings: bindings,
            dependencies: dependencies,
            modules: modules
        )
    }

    static let rootID = "root"

    /// `Module.Type`, `#Module.Tag` when tagged, `@n` for the n-th contribution of a collection.
    private func bindingIDs() -> [String] {
        var contributionCounts: [BindingKey: Int] = [:]
        return graph.declarations.map { declaration in
            var id = TypeName.qualified(declaration.key.type)
            if let tag = declaration.key.tag { id += "#" + TypeName.qualified(tag) }
            if declaration.role == .contribution {
                contributionCounts[declaration.key, default: 0] += 1
                id += "@\(contributionCounts[declaration.key, default: 1])"
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
            module: declaration.declaringModule.map(TypeName.qualified),
            location: declaration.location,
            isOverride: declaration.isOverride
        )
    }

    private func edges(
        from id: String, _ declaration: AnyDeclaration, _ resolutions: ArraySlice<ResolvedGraph.Resolution>, ids: [String]
    ) -> [ObjectGraph.Dependency] {
        zip(declaration.requests, resolutions).map { request, resolution in
            let targets = resolution.entry.map { graph.entries[$0].declarations.map { ids[$0] } } ?? []
            let kind: ObjectGraph.Dependency.Kind = switch request.kind {
            case .instance: .instance
            case .provider: .provider
            case .optional: .optional
            case .function: .function
            case .lazy: .lazy
            case .weak: .weak
            }
            let functionKind: ObjectGraph.Dependency.Kind = if case .function = resolution { .function } else { kind }
            return ObjectGraph.Dependency(from: id, to: targets, parameter: TypeName.of(request.parameterType), kind: functionKind)
        }
    }
}
