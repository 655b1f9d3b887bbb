/// How requests resolve across private modules' boundaries (`GraphBuilder+Boundaries.swift`).
///
/// The rule: a request of a declaration made inside a private module resolves in that module's
/// key space first, then in each enclosing private module's, then in the component's public key
/// space, then in its ancestors' public ones (for a subcomponent). A declaration made outside
/// every private module, and every request of a subcomponent that reaches this component, sees
/// only the public key space. The alias an `expose` makes resolves in its own module's key space
/// alone: it never finds itself.
///
/// None of this runs for a graph without private modules: `ResolvedGraph.init` takes one branch.
extension ResolvedGraph {
    /// The resolutions of every declaration's requests, for a graph with private modules.
    func resolveInBoundaries(_ declarations: [AnyDeclaration], requestStart: [Int32]) -> [Resolution] {
        var resolutions: [Resolution] = []
        resolutions.reserveCapacity(requests.count)
        for (index, declaration) in declarations.enumerated() {
            let range = Int(requestStart[index])..<Int(requestStart[index + 1])
            guard let boundary = builder.boundary(of: declaration) else {
                for request in requests[range] {
                    resolutions.append(resolve(request))
                }
                continue
            }
            for request in requests[range] {
                resolutions.append(resolve(request, from: boundary.resolvesIn, only: boundary.isExposure))
            }
        }
        return resolutions
    }

    /// A request made inside the boundary `start`, resolved from there outwards; in that
    /// boundary alone when `only`.
    private func resolve(_ request: DependencyRequest, from start: Int32, only: Bool) -> Resolution {
        var space = start
        var absent = false
        while space >= 0 {
            switch resolveHere(request, in: boundaryEntryOfKey[Int(space)]) {
            case .missing:
                break
            case .absent:
                absent = true
            case let found:
                return found
            }
            if only { return absent ? .absent : .missing }
            space = builder.boundaries[Int(space)].parent
        }
        let outside = resolve(request)
        if case .missing = outside, absent { return .absent }
        return outside
    }

    /// Whether an entry is in the public key space, where requests from outside a private module
    /// and from subcomponents find it.
    func isPublic(_ entry: Int) -> Bool {
        entryKeySpace.isEmpty || entryKeySpace[entry] < 0
    }

    /// The private module whose key space holds an entry, or nil for a public entry.
    func privateModule(of entry: Int) -> (any Any.Type)? {
        guard !entryKeySpace.isEmpty, entryKeySpace[entry] >= 0 else { return nil }
        return builder.boundaries[Int(entryKeySpace[entry])].module
    }

    /// The entries that bind `key` inside a private module's key space, in boundary order.
    func privateEntries(of key: BindingKey) -> [Int] {
        boundaryEntryOfKey.compactMap { $0.value(for: key) }
    }

    /// Whether this component or an ancestor includes a private module.
    var hasBoundariesInPath: Bool {
        var graph: ResolvedGraph? = self
        while let current = graph {
            if current.builder.hasBoundaries { return true }
            graph = current.parent
        }
        return false
    }

    /// Whether a private module of this component or of an ancestor binds `key`: a request that
    /// finds nothing for it is told so (`PrivateBindingRule`) rather than only that it is missing.
    func isKeptPrivate(_ key: BindingKey) -> Bool {
        var graph: ResolvedGraph? = self
        while let current = graph {
            if !current.privateEntries(of: key).isEmpty { return true }
            graph = current.parent
        }
        return false
    }

    /// Whether `PrivateBindingRule` reports a missing request rather than `MissingBindingRule`:
    /// one for a key a private module keeps, or the request of an `expose`'s alias.
    func isReportedAtBoundary(_ declaration: AnyDeclaration, _ request: DependencyRequest) -> Bool {
        hasBoundariesInPath && (isExposure(declaration) || isKeptPrivate(request.key))
    }

    /// Whether a declaration is the alias an `expose` made.
    func isExposure(_ declaration: AnyDeclaration) -> Bool {
        builder.boundary(of: declaration)?.isExposure ?? false
    }

    /// ``applyingOverrides(_:)`` for a graph with private modules: an override replaces the
    /// declarations of its key in its own key space only, the public one or, for a replacement a
    /// test declares inside a private module (`WiringTesting`'s `inside(_:_:)`), that module's.
    static func applyingOverridesAcrossBoundaries(_ builder: GraphBuilder) -> [AnyDeclaration] {
        struct SpacedKey: Hashable {
            let space: Int32
            let key: BindingKey
        }
        struct SpacedEntry: Hashable {
            let space: Int32
            let entry: MapEntryID
        }
        func space(of declaration: AnyDeclaration) -> Int32 { builder.boundary(of: declaration)?.keySpace ?? -1 }
        let overrides = builder.declarations.filter(\.isOverride)
        let replacedKeys = Set(overrides.lazy.filter { $0.mapRole == nil }.map { SpacedKey(space: space(of: $0), key: $0.key) })
        let replacedEntries = Set(overrides.lazy.compactMap { override in MapEntryID(override).map { SpacedEntry(space: space(of: override), entry: $0) } })
        return builder.declarations.filter { declaration in
            if declaration.isOverride { return true }
            let space = space(of: declaration)
            if replacedKeys.contains(SpacedKey(space: space, key: declaration.key)) { return false }
            return MapEntryID(declaration).map { !replacedEntries.contains(SpacedEntry(space: space, entry: $0)) } ?? true
        }
    }

    /// Whether a test's override has no declaration of its key to replace in its own key space.
    func replacesNothing(_ override: AnyDeclaration) -> Bool {
        let space = builder.boundary(of: override)?.keySpace ?? -1
        return !builder.declarations.contains { declaration in
            !declaration.isOverride && declaration.key == override.key && (builder.boundary(of: declaration)?.keySpace ?? -1) == space
        }
    }
}
