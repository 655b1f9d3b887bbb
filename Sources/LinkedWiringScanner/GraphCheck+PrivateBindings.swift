/// The private-binding check: a plain module's binding whose sure `T.init` asks for a type that
/// only private modules bind, and none exposes, is `of`'s `… is kept private by …`, reported at
/// the requesting binding.
extension GraphCheck {
    /// What the traversal met inside private modules.
    struct KeptBindings {
        /// The private modules, by id, in the order `of` draws their boundaries.
        var boundaries: [String] = []
        /// The bindings made inside them, each with its innermost private module and its
        /// outermost one (the one that keeps it from the rest of the graph).
        var bindings: [(binding: Binding, boundary: String, keeper: String)] = []
        /// The keys an `expose(T.self)` exposes, wherever it is called.
        var exposed: Set<String> = []
    }

    /// Reports each type that a sure `T.init` of a binding outside every private module asks
    /// for, which no binding outside them binds and no `expose` exposes, while a private module
    /// binds it. Stands down for a type that a binding inside a private module asks for too, or
    /// that a binding the message could not name (tagged, a contribution) asks for.
    @_optimize(none)
    mutating func keptPrivate(_ bindings: [Binding], _ kept: KeptBindings) {
        // A name the app uses may be a typealias or nested type of a library (see missingBindings).
        if app.words.contains(where: { word in names.values.contains { $0[word]?.isShadowed == true } }) { return }
        // A root type it cannot pin may be any type (see rootTypesArePinned).
        guard rootTypesArePinned else { return }
        var bound: Set<String> = rootKey.map { [$0] } ?? []
        for binding in bindings where binding.role == .single && binding.tag == nil {
            guard let key = typedKey(binding.written, library: binding.module.library) else { return }
            bound.insert(key)
        }
        var privately: [String: [(binding: Binding, boundary: String, keeper: String)]] = [:]
        var unsure = kept.exposed
        for entry in kept.bindings {
            let binding = entry.binding
            if let type = binding.factoryInit(self), let requests = initRequests(type, library: binding.module.library) {
                unsure.formUnion(requests.map(\.key))
            }
            guard binding.role == .single, binding.tag == nil else { continue }
            guard let key = typedKey(binding.written, library: binding.module.library) else { return }
            privately[key, default: []].append(entry)
        }
        var order: [String] = []
        var requirers: [String: [Binding]] = [:]
        let unkeyed = unkeyedRequests(bindings)
        for (index, binding) in bindings.enumerated() {
            guard let type = binding.factoryInit(self), let requests = initRequests(type, library: binding.module.library) else { continue }
            for request in requests where !bound.contains(request.key) && privately[request.key] != nil {
                if binding.role != .single || binding.tag != nil { unsure.insert(request.key) }
                if requirers[request.key] == nil {
                    // `of` names the first request of any form: stand down if it may be earlier.
                    if Self.mayBeRequestedBefore(index, key: request.key, unkeyed) { unsure.insert(request.key) }
                    order.append(request.key)
                }
                requirers[request.key, default: []].append(binding)
            }
        }
        for key in order where !unsure.contains(key) {
            // A type the app names may be its root's, which the root binds.
            let simple = key.split(separator: ".").last.map(String.init) ?? key
            guard !app.words.contains(simple), let group = requirers[key], let first = group.first,
                  let entries = privately[key] else { continue }
            let ordered = kept.boundaries.flatMap { boundary in entries.filter { $0.boundary == boundary } }
            var keepers: [String] = []
            for entry in ordered {
                let keeper = modules[entry.keeper]?.name ?? entry.keeper
                if !keepers.contains(keeper) { keepers.append(keeper) }
            }
            let name = Self.displayName(key)
            let requiredBy = group.map { binding in
                "required by \(typedKey(binding.written, library: binding.module.library).map(Self.displayName) ?? binding.written) at \(Self.place(binding))"
            }
            let boundBy = ordered.map { entry in
                let module = modules[entry.boundary]?.name ?? entry.boundary
                let inside = entry.binding.module.name == module ? "" : ", inside \(module)"
                return "bound privately at \(Self.place(entry.binding)) in \(entry.binding.module.name)\(inside)"
            }
            let whose = keepers.count == 1 ? "of \(keepers[0])" : "of one of \(Self.listed(keepers))"
            let ports = keepers.count == 1 ? "a type \(keepers[0]) exposes" : "a type one of them exposes"
            problems.append(problem(
                first.call, module: first.module, file: first.file,
                "\(name) is kept private by \(Self.listed(keepers)): " + (requiredBy + boundBy).joined(separator: ", ")
                    + ". To fix this, expose it with binder.expose(\(Self.metatypeExpression(name))) in the configure(binder:) \(whose), "
                    + "or request \(ports) instead."
            ))
        }
    }

    /// `A`, `A and B`, `A, B and C`, as `of` lists names.
    @_optimize(none)
    static func listed(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
