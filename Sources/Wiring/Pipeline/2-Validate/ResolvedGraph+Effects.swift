/// How effects travel through a resolved graph: the way Swift's do through calls.
///
/// Resolving a binding runs its factory and the factories of everything it takes directly, so
/// the effects of its resolution are its factory's own plus those of its eager dependencies
/// (`T`, and `T?` of a bound `T`). A deferred request (`Provider`, `Lazy`, `WeakProvider`,
/// `() -> T`, an assisted `Factory`) ends the propagation: it is where the effect has to be
/// handled, which ``EffectRule`` checks.
extension ResolvedGraph {
    /// Whether this component or an ancestor declares a binding with effects.
    var mayHaveEffects: Bool {
        builder.hasEffects || !resolutionEffects.isEmpty || (parent?.mayHaveEffects ?? false)
    }

    /// Computes ``resolutionEffects`` and ``rootEffects``, dependencies first. Does nothing when
    /// no binding of the component or of its ancestors has effects.
    func propagateEffects(_ order: DependencyOrder) {
        guard builder.hasEffects || (parent?.mayHaveEffects ?? false) else { return }
        var effects = [Effects](repeating: [], count: entries.count)
        for entry in order.linkOrder {
            var entryEffects: Effects = []
            for index in declarations(of: entry) {
                let declaration = Int(index)
                entryEffects.formUnion(carriedEffects(of: declarations[declaration], resolutions(of: declaration), in: effects))
            }
            // A subcomponent's collection or map holds its ancestor's, resolved with it.
            if let inherited = inheritedCollection(of: entry) {
                entryEffects.formUnion(ancestor(inherited.depth).effects(ofEntry: inherited.entry))
            }
            effects[entry] = entryEffects
        }
        setEffects(effects)
    }

    private func setEffects(_ effects: [Effects]) {
        if let rootEntry {
            setResolutionEffects(effects, root: effects[rootEntry])
        } else if let root = builder.root {
            setResolutionEffects(effects, root: carriedEffects(of: root, rootResolutions[...], in: effects))
        } else {
            setResolutionEffects(effects, root: [])
        }
    }

    /// The effects of resolving a declaration: its factory's, and its eager dependencies' when
    /// it carries them (see `_BindingRecipe.carriesEffects`).
    private func carriedEffects(
        of declaration: AnyDeclaration, _ resolutions: ArraySlice<Resolution>, in effects: [Effects]
    ) -> Effects {
        var carried = declaration.effects
        guard declaration.carriesEffects else { return carried }
        for (request, resolution) in zip(declaration.requests, resolutions) where Self.isEager(request, resolution) {
            carried.formUnion(self.effects(of: resolution, local: effects))
        }
        return carried
    }

    /// The effects of resolving what a request resolved to, in this graph or an ancestor, when
    /// it is resolved (eagerly or later).
    func effects(of resolution: Resolution) -> Effects {
        effects(of: resolution, local: resolutionEffects)
    }

    private func effects(of resolution: Resolution, local: [Effects]) -> Effects {
        switch resolution {
        case let .entry(entry, _), let .function(entry):
            local.isEmpty ? [] : local[Int(entry)]
        case let .inherited(depth, inner):
            ancestor(Int(depth)).effects(of: inner)
        case .absent, .missing:
            []
        }
    }

    /// The effects of resolving an entry; none when effects were not analysed.
    func effects(ofEntry entry: Int) -> Effects {
        resolutionEffects.isEmpty ? [] : resolutionEffects[entry]
    }

    /// Whether a request runs its binding's factory while its requirer's runs: a plain `T`, or
    /// `T?` of a bound `T`. Wrappers and closures defer it.
    static func isEager(_ request: DependencyRequest, _ resolution: Resolution) -> Bool {
        guard case let .entry(_, wrapped) = resolution.local else { return false }
        return !wrapped || request.kind.lookup == .optional
    }

    /// The context a deferred request resolves its binding in, or nil for an eager one.
    static func deferredContext(of request: DependencyRequest, _ resolution: Resolution) -> EffectContext? {
        guard !isEager(request, resolution) else { return nil }
        // A subcomponent's async and main-actor factories are made synchronously from its
        // `ComponentFactory`; what their `build(_:)` may run is checked where they are asked for
        // (``EffectRule/SubcomponentFactories``).
        return request.kind.deferredContext
    }
}
