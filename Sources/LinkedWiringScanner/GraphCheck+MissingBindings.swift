extension GraphCheck {
    /// The missing-binding errors of a whole graph: a parameter of a sure `T.init` that no
    /// single, untagged binding of the graph binds. One error per missing type, at the first
    /// binding that requires it, in the voice of `of`'s `Missing binding for …`.
    @_optimize(none)
    mutating func missingBindings(_ bindings: [Binding], component: String) {
        var bound: Set<String> = rootKey.map { [$0] } ?? []
        // The app's root binds its root type, which its sources name; a name they use may also
        // be a typealias or nested type of a library, whose target the checks do not know.
        if app.words.contains(where: { word in names.values.contains { $0[word]?.isShadowed == true } }) { return }
        // A root type it cannot pin may be any type (see rootTypesArePinned).
        guard rootTypesArePinned else { return }
        for binding in bindings where binding.role == .single && binding.tag == nil {
            guard let key = typedKey(binding.written, library: binding.module.library) else { continue }
            bound.insert(key)
        }
        var order: [String] = []
        var requirers: [String: [(Binding, String)]] = [:]
        let unkeyed = unkeyedRequests(bindings)
        for (index, binding) in bindings.enumerated() {
            guard let type = binding.factoryInit(self), let requests = initRequests(type, library: binding.module.library) else { continue }
            for request in requests where !bound.contains(request.key) {
                // A type the app names may be its root's, which the root binds.
                let simple = request.key.split(separator: ".").last.map(String.init) ?? request.key
                if app.words.contains(simple) { continue }
                if requirers[request.key] == nil {
                    // `of` names the first request of any form: stand down if it may be earlier.
                    if Self.mayBeRequestedBefore(index, key: request.key, unkeyed) {
                        requirers[request.key] = []
                        continue
                    }
                    order.append(request.key)
                }
                requirers[request.key, default: []].append((binding, request.written))
            }
        }
        for key in order {
            guard let group = requirers[key], let first = group.first else { continue }
            let name = Self.displayName(key)
            let requiredBy = group.map { binding, _ in
                "required by \(typedKey(binding.written, library: binding.module.library).map(Self.displayName) ?? binding.written) at \(Self.place(binding))"
            }.joined(separator: ", ")
            problems.append(problem(
                first.0.call, module: first.0.module, file: first.0.file,
                "Missing binding for \(name): \(requiredBy). To fix this, bind it with binder.bind(\(Self.metatypeExpression(name))).to(...) "
                    + "in a module that \(component) includes, or include the module that binds it."
            ))
        }
    }
}
