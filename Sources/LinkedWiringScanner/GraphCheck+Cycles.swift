extension GraphCheck {
    /// The dependency cycles among sure bindings of a whole graph: bindings whose `T.init` the
    /// checks read, each the one binding of its type, through plain parameters. One error per
    /// loop, at the first-declared binding in it, as `of` reports it.
    @_optimize(none)
    mutating func cycles(_ bindings: [Binding]) {
        let single = bindings.filter { $0.role == .single && $0.tag == nil }
        var byKey: [String: [Int]] = [:]
        var keys: [String?] = []
        for (index, binding) in single.enumerated() {
            let key = typedKey(binding.written, library: binding.module.library)
            keys.append(key)
            if let key { byKey[key, default: []].append(index) }
        }
        var edges: [[Int]] = []
        for binding in single {
            let requests = binding.factoryInit(self).flatMap { initRequests($0, library: binding.module.library) } ?? []
            edges.append(requests.compactMap { request in
                guard let targets = byKey[request.key], targets.count == 1 else { return nil }
                return targets[0]
            })
        }
        var reported: Set<Int> = []
        for start in single.indices where !reported.contains(start) {
            // The shortest loop from `start` back to it through bindings declared after it.
            var previous: [Int: Int] = [:]
            var queue = [start]
            var head = 0
            var closed: Int?
            search: while head < queue.count {
                let node = queue[head]
                head += 1
                for target in edges[node] where target >= start {
                    if target == start {
                        closed = node
                        break search
                    }
                    if previous[target] == nil {
                        previous[target] = node
                        queue.append(target)
                    }
                }
            }
            guard let last = closed else { continue }
            var path = [last]
            while let node = path.last, node != start, let before = previous[node] { path.append(before) }
            path.reverse()
            guard path.first == start, path.allSatisfy({ !reported.contains($0) }) else { continue }
            reported.formUnion(path)
            let names = (path + [start]).map { Self.displayName(keys[$0] ?? single[$0].written) }
            var steps: [String] = []
            for (position, node) in path.enumerated() {
                steps.append("\(names[position + 1]) is required by \(names[position]) at \(Self.place(single[node]))")
            }
            problems.append(problem(
                single[start].call, module: single[start].module, file: single[start].file,
                "Dependency cycle: \(names.joined(separator: " -> ")): " + steps.joined(separator: ", ")
                    + ". To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T "
                    + "and call get() after construction."
            ))
        }
    }
}
