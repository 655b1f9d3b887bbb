extension ResolvedGraph {
    /// A request that resolved to nothing, with the declaration that made it.
    struct MissingRequest {
        let requirer: AnyDeclaration
        let request: DependencyRequest
    }

    /// Every request that resolved to nothing and that `include` keeps, grouped by key in the
    /// order the keys are first met: the declarations' requests, then the root's.
    func missingRequests(where include: (AnyDeclaration, DependencyRequest) -> Bool) -> [(key: BindingKey, requirements: [MissingRequest])] {
        var order: [BindingKey] = []
        var requirements: [BindingKey: [MissingRequest]] = [:]
        func collect(_ declaration: AnyDeclaration, _ resolutions: some Collection<Resolution>) {
            for (request, resolution) in zip(declaration.requests, resolutions) {
                guard case .missing = resolution, include(declaration, request) else { continue }
                if requirements[request.key] == nil { order.append(request.key) }
                requirements[request.key, default: []].append(MissingRequest(requirer: declaration, request: request))
            }
        }
        for (index, declaration) in declarations.enumerated() {
            collect(declaration, resolutions(of: index))
        }
        if let root = builder.root, rootEntry == nil {
            collect(root, rootResolutions)
        }
        return order.map { key in (key, requirements[key] ?? []) }
    }
}
