/// Every place where an effect would have to run where it cannot (see ``Effects``):
///
/// - the root's path, under an entry point that cannot run it (`ComponentFactory.build(_:)` runs
///   none; `MainActorComponentFactory.build(_:)` cannot await);
/// - a deferred request whose accessor cannot run what it resolves: `Provider.get()`, `Lazy`,
///   `WeakProvider`, `() -> T` run none; `MainActorProvider.get()` cannot await;
/// - a binding that resolves its dependencies synchronously when it is used (an assisted factory,
///   a property injector) and takes one whose resolution has effects;
/// - a request of a subcomponent's factory whose `build(_:)` cannot run the effects of the
///   subcomponent's root: `ComponentFactory` (however it is wrapped) runs none,
///   `MainActorComponentFactory` cannot await. These are found once every component of the tree
///   is prepared (``SubcomponentFactories``, a rule of the `.tree` stage): a component is validated
///   before its subcomponents are, and a subcomponent or its sibling may ask for the factory.
///
/// One diagnostic per binding whose own factory has the effect, with the chain of bindings that
/// carries it there, each with its location, and the fix.
enum EffectRule: GraphRule {
    static var kind: Diagnostic.Kind { .unhandledEffect }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        let entry = context.entry
        guard graph.mayHaveEffects else { return [] }
        var diagnostics: [Diagnostic] = []
        // A subcomponent's root is checked where its factories are asked for, not here.
        if let root = graph.builder.root, graph.parent == nil {
            diagnostics += rootDiagnostics(root, graph, entry: entry)
        }
        for (index, declaration) in graph.declarations.enumerated() where declaration.role != .root || graph.rootEntry != nil {
            diagnostics += requestDiagnostics(of: declaration, graph.resolutions(of: index), graph)
        }
        if let root = graph.builder.root, graph.rootEntry == nil {
            diagnostics += requestDiagnostics(of: root, graph.rootResolutions[...], graph)
        }
        return diagnostics
    }

    // MARK: - The places

    private static func rootDiagnostics(_ root: AnyDeclaration, _ graph: ResolvedGraph, entry: EffectContext) -> [Diagnostic] {
        let allowed = entry.allowed
        guard !graph.rootEffects.isSubset(of: allowed) else { return [] }
        let resolutions = graph.rootEntry == nil ? graph.rootResolutions[...] : graph.resolutions(of: graph.declarations.firstIndex { $0 === root } ?? 0)
        let start = Step(graph: graph, declaration: root, resolutions: resolutions, parent: nil)
        let component = graph.componentName
        return chains(from: [start], allowed: allowed).map { chain in
            let origin = chain[0]
            let effects = origin.declaration.effects.subtracting(allowed)
            let (factory, limit) = entry == .mainActor
                ? ("MainActorComponentFactory.build(_:)", "cannot await")
                : ("ComponentFactory.build(_:)", "is synchronous, nonisolated and cannot throw")
            var fix = "build the root with AsyncComponentFactory.of(\(component).self) and try await factory.build(...)"
            if entry == .synchronous, !effects.contains(.async) {
                fix += ", or on the main actor with MainActorComponentFactory.of(\(component).self) and try factory.build(...)"
            }
            fix += deferral(chain)
            return diagnostic(
                headline: "\(factory) cannot build the root of \(component): \(subject(origin)) \(effects.spoken), and build(_:) \(limit).",
                chain: chain, requiredBy: nil, fix: fix, location: root.location, graph
            )
        }
    }

    private static func requestDiagnostics(of requirer: AnyDeclaration, _ resolutions: ArraySlice<ResolvedGraph.Resolution>, _ graph: ResolvedGraph) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (request, resolution) in zip(requirer.requests, resolutions) {
            guard graph.effects(of: resolution) != [] else { continue }
            if let context = ResolvedGraph.deferredContext(of: request, resolution) {
                diagnostics += deferredDiagnostics(requirer, request, resolution, context, graph)
            } else if !requirer.carriesEffects {
                diagnostics += synchronousDependencyDiagnostics(requirer, request, resolution, graph)
            }
        }
        return diagnostics
    }

    private static func deferredDiagnostics(
        _ requirer: AnyDeclaration, _ request: DependencyRequest, _ resolution: ResolvedGraph.Resolution,
        _ context: EffectContext, _ graph: ResolvedGraph
    ) -> [Diagnostic] {
        guard !graph.effects(of: resolution).isSubset(of: context.allowed) else { return [] }
        return reportedDeferredDiagnostics(requirer, request, resolution, context, graph)
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. Functions that read a class's stored var stay optimised: an unoptimised access keeps
    // the runtime exclusivity check in the optimised code too. `@_optimize(none)` here and below
    // keeps the optimiser off it (Benchmarks/README.md, "Cold code, not optimised").
    /// The diagnostics of a deferred request whose effects its context cannot run (cold: above).
    @_optimize(none)
    private static func reportedDeferredDiagnostics(
        _ requirer: AnyDeclaration, _ request: DependencyRequest, _ resolution: ResolvedGraph.Resolution,
        _ context: EffectContext, _ graph: ResolvedGraph
    ) -> [Diagnostic] {
        let allowed = context.allowed
        let parameter = TypeName.of(request.parameterType)
        let target = request.key.displayName
        let requiredBy = "  required by \(graph.requirerName(requirer)) as \(parameter)" + (requirer.location.map { " at \($0)" } ?? "")
        return chains(from: starts(of: resolution, in: graph), allowed: allowed).map { chain in
            let effects = chain[0].declaration.effects.subtracting(allowed)
            let accessor: String
            let limit: String
            switch (request.kind.lookup, context) {
            case (.function, _):
                (accessor, limit) = ("which cannot resolve \(target) when called", "the closure is synchronous, nonisolated and cannot throw")
            case (.valueOrWrapper, _):
                // A `ComponentFactory` bound by a factory of its own, not by installing a subcomponent.
                (accessor, limit) = ("which is made from \(target)", "it is made synchronously, nonisolated and without throwing")
            case (_, .mainActor):
                (accessor, limit) = ("whose get() cannot resolve \(target)", "get() cannot await")
            default:
                (accessor, limit) = ("whose get() cannot resolve \(target)", "get() is synchronous, nonisolated and cannot throw")
            }
            var fix = "take AsyncProvider<\(target)> instead and call try await get()"
            if context == .synchronous, !effects.contains(.async) {
                fix += ", or MainActorProvider<\(target)> and call try get() on the main actor"
            }
            if request.kind.lookup == .valueOrMapEntries, request.kind.deferredContext != .async,
               let (key, value) = TypeName.dictionaryParts(target) {
                // Entries made on demand: the map of providers that can run their effects.
                fix = "take [\(key): AsyncProvider<\(value)>] instead and call try await get() on an entry's provider"
                if context == .synchronous, !effects.contains(.async) {
                    fix += ", or [\(key): MainActorProvider<\(value)>] and call try get() on the main actor"
                }
            }
            if let tag = request.key.tag {
                let tagName = TypeName.of(tag)
                fix = "take AsyncTaggedProvider<\(tagName)> instead and call try await get()"
                if context == .synchronous, !effects.contains(.async) {
                    fix += ", or MainActorTaggedProvider<\(tagName)> and call try get() on the main actor"
                }
            }
            return diagnostic(
                headline: "\(graph.subjectName(requirer)) takes \(parameter), \(accessor): \(subject(chain[0])) \(effects.spoken), and \(limit).",
                chain: chain, requiredBy: requiredBy, fix: fix, location: requirer.location, graph
            )
        }
    }

    @_optimize(none)
    private static func synchronousDependencyDiagnostics(
        _ requirer: AnyDeclaration, _ request: DependencyRequest, _ resolution: ResolvedGraph.Resolution, _ graph: ResolvedGraph
    ) -> [Diagnostic] {
        let dependency = request.key.displayName
        let requiredBy = "  required by \(graph.requirerName(requirer))" + (requirer.location.map { " at \($0)" } ?? "")
        return chains(from: starts(of: resolution, in: graph), allowed: []).map { chain in
            diagnostic(
                headline: "\(graph.subjectName(requirer)) resolves its dependencies synchronously when it is used, "
                    + "so it cannot take \(dependency): \(subject(chain[0])) \(chain[0].declaration.effects.spoken).",
                chain: chain, requiredBy: requiredBy,
                fix: "take AsyncProvider<\(dependency)> instead of \(dependency) and call try await get() when you need it",
                location: requirer.location, graph
            )
        }
    }

    // MARK: - Subcomponent factories

    /// The requests of a graph's bindings and root for the factory of a subcomponent whose root
    /// has effects, where that factory's `build(_:)` cannot run them.
    ///
    /// - Parameters:
    ///   - graph: The component whose requests are checked.
    ///   - subcomponents: The graph of each subcomponent of the tree whose root's resolution has
    ///     effects, by the declaration of its `ComponentFactory` in the component that installs it.
    private static func factoryRequestDiagnostics(_ graph: ResolvedGraph, subcomponents: [ObjectIdentifier: ResolvedGraph]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (index, declaration) in graph.declarations.enumerated() where declaration.role != .root || graph.rootEntry != nil {
            diagnostics += factoryRequestDiagnostics(of: declaration, graph.resolutions(of: index), graph, subcomponents)
        }
        if let root = graph.builder.root, graph.rootEntry == nil {
            diagnostics += factoryRequestDiagnostics(of: root, graph.rootResolutions[...], graph, subcomponents)
        }
        return diagnostics
    }

    private static func factoryRequestDiagnostics(
        of requirer: AnyDeclaration, _ resolutions: ArraySlice<ResolvedGraph.Resolution>, _ graph: ResolvedGraph,
        _ subcomponents: [ObjectIdentifier: ResolvedGraph]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (request, resolution) in zip(requirer.requests, resolutions) {
            guard let subcomponent = subcomponent(reachedBy: resolution, in: graph, subcomponents) else { continue }
            // Only the two wrappers of the factory build in an effectful context; everything
            // else ends in `ComponentFactory.build(_:)`.
            let context: EffectContext = switch request.kind {
            case .asyncComponentFactory where resolution.isWrapped: .async
            case .mainActorComponentFactory where resolution.isWrapped: .mainActor
            default: .synchronous
            }
            diagnostics += factoryDiagnostics(requirer, request, subcomponent, context, graph)
        }
        return diagnostics
    }

    /// The subcomponent whose factory a resolution reaches, in this graph or an ancestor, when
    /// its root has effects.
    private static func subcomponent(
        reachedBy resolution: ResolvedGraph.Resolution, in graph: ResolvedGraph, _ subcomponents: [ObjectIdentifier: ResolvedGraph]
    ) -> ResolvedGraph? {
        var owner = graph
        if case let .inherited(depth, _) = resolution {
            owner = graph.ancestor(Int(depth))
        }
        guard let entry = resolution.local.entry else { return nil }
        return subcomponents[ObjectIdentifier(owner.firstDeclaration(of: owner.entries[entry]))]
    }

    private static func factoryDiagnostics(
        _ requirer: AnyDeclaration, _ request: DependencyRequest, _ subcomponent: ResolvedGraph, _ context: EffectContext,
        _ graph: ResolvedGraph
    ) -> [Diagnostic] {
        let allowed = context.allowed
        guard !subcomponent.rootEffects.isSubset(of: allowed), let root = subcomponent.builder.root else { return [] }
        let component = subcomponent.componentName
        let parameter = TypeName.of(request.parameterType)
        let factory = request.key.displayName
        // `ComponentFactory<Sub>` and its two siblings have the `build(_:)`; a wrapper of the
        // factory (`Provider<ComponentFactory<Sub>>`, `() -> ComponentFactory<Sub>`) gives one.
        let builder = parameter == factory || context != .synchronous ? "whose" : "which gives a \(factory), whose"
        let limit = context == .mainActor ? "cannot await" : "is synchronous, nonisolated and cannot throw"
        let requiredBy = "  required by \(graph.requirerName(requirer)) as \(parameter)" + (requirer.location.map { " at \($0)" } ?? "")
        let start = Step(graph: subcomponent, declaration: root, resolutions: subcomponent.rootResolutions[...], parent: nil)
        return chains(from: [start], allowed: allowed).map { chain in
            let effects = chain[0].declaration.effects.subtracting(allowed)
            var fix = "take AsyncComponentFactory<\(component)> instead and call try await build(...)"
            if context == .synchronous, !effects.contains(.async) {
                fix += ", or MainActorComponentFactory<\(component)> and call try build(...) on the main actor"
            }
            fix += deferral(chain)
            return diagnostic(
                headline: "\(graph.subjectName(requirer)) takes \(parameter), \(builder) build(_:) cannot build the root of \(component): "
                    + "\(subject(chain[0])) \(effects.spoken), and build(_:) \(limit).",
                chain: chain, requiredBy: requiredBy, fix: fix, location: requirer.location, graph
            )
        }
    }

    // MARK: - Chains

    /// One binding on a chain, with the step that reached it.
    private struct Step {
        let graph: ResolvedGraph
        let declaration: AnyDeclaration
        let resolutions: ArraySlice<ResolvedGraph.Resolution>
        let parent: Int?
    }

    /// The declarations a resolution reaches, in this graph or an ancestor: for a collection or
    /// a map a subcomponent adds to, the ancestors' contributions first, which it resolves too.
    @_optimize(none)
    private static func starts(of resolution: ResolvedGraph.Resolution, in graph: ResolvedGraph) -> [Step] {
        var owner = graph
        var local = resolution
        if case let .inherited(depth, inner) = resolution {
            owner = graph.ancestor(Int(depth))
            local = inner
        }
        guard let entry = local.entry else { return [] }
        return starts(ofEntry: entry, in: owner)
    }

    @_optimize(none)
    private static func starts(ofEntry entry: Int, in graph: ResolvedGraph) -> [Step] {
        var steps: [Step] = []
        if let inherited = graph.inheritedCollection(of: entry) {
            steps = starts(ofEntry: inherited.entry, in: graph.ancestor(inherited.depth))
        }
        for index in graph.declarations(of: entry) {
            steps.append(Step(graph: graph, declaration: graph.declarations[Int(index)], resolutions: graph.resolutions(of: Int(index)), parent: nil))
        }
        return steps
    }

    /// Every binding reached from `starts` through eager requests whose own effects are not all
    /// `allowed`, each with the chain that reaches it: the binding first, a start last. Breadth
    /// first, so each chain is a shortest one.
    private static func chains(from starts: [Step], allowed: Effects) -> [[Step]] {
        var queue = starts
        var visited = Set(starts.map { ObjectIdentifier($0.declaration) })
        var origins: [Int] = []
        var head = 0
        while head < queue.count {
            let step = queue[head]
            if !step.declaration.effects.isSubset(of: allowed) {
                origins.append(head)
            }
            // A binding that cannot carry its dependencies' effects reports them itself.
            if step.declaration.carriesEffects || step.parent == nil {
                for (request, resolution) in zip(step.declaration.requests, step.resolutions)
                where ResolvedGraph.isEager(request, resolution) && !step.graph.effects(of: resolution).isSubset(of: allowed) {
                    for next in Self.starts(of: resolution, in: step.graph) where visited.insert(ObjectIdentifier(next.declaration)).inserted {
                        queue.append(Step(graph: next.graph, declaration: next.declaration, resolutions: next.resolutions, parent: head))
                    }
                }
            }
            head += 1
        }
        return origins.map { origin in
            var chain: [Step] = []
            var index: Int? = origin
            while let current = index {
                chain.append(queue[current])
                index = queue[current].parent
            }
            return chain
        }
    }

    // MARK: - Words

    /// What the binding on a chain provides: `Database`, `the root of AppComponent`.
    @_optimize(none)
    private static func describe(_ step: Step) -> String {
        step.graph.requirerName(step.declaration)
    }

    /// What the binding on a chain provides, as the subject of a sentence:
    /// `ProfileViewModel, the root of AppComponent,`.
    @_optimize(none)
    private static func subject(_ step: Step) -> String {
        step.graph.subjectName(step.declaration)
    }

    /// `, or let Repository take AsyncProvider<Database> instead of Database and call try await
    /// get() later`, when the binding with the effect has a requirer on the chain.
    @_optimize(none)
    private static func deferral(_ chain: [Step]) -> String {
        // The default root takes the value from the graph as it is: no parameter of it to change.
        guard chain.count > 1, chain[0].declaration.role == .unique, chain[0].declaration.key.tag == nil,
              !chain[1].declaration.isDefaultRoot else { return "" }
        let origin = chain[0].declaration.key.displayName
        return ", or let \(subject(chain[1])) take AsyncProvider<\(origin)> instead of \(origin) and call try await get() later"
    }

    private static func diagnostic(
        headline: String, chain: [Step], requiredBy: String?, fix: String, location: SourceLocation?, _ graph: ResolvedGraph
    ) -> Diagnostic {
        let origin = chain[0]
        var lines = [headline]
        lines.append("  \(subject(origin)) \(origin.declaration.effects.spoken), bound \(origin.graph.place(of: origin.declaration))")
        for step in chain.dropFirst() {
            lines.append("  required by \(describe(step))" + (step.declaration.location.map { " at \($0)" } ?? ""))
        }
        if let requiredBy {
            lines.append(requiredBy)
        }
        lines.append("  To fix this, \(fix).")
        return Diagnostic(kind: .unhandledEffect, message: lines.joined(separator: "\n"), location: location)
    }
}

extension EffectRule {
    /// The requests of a subcomponent's factory whose `build(_:)` cannot run the effects of the
    /// subcomponent's root: the part of ``EffectRule`` that runs once every component of the
    /// tree is prepared, on each of them. A subcomponent's root effects are known only once it
    /// is, after the component that installs it was validated, and the subcomponent itself, a
    /// sibling or their descendants may ask for its factory.
    enum SubcomponentFactories: GraphRule {
        static var kind: Diagnostic.Kind { .unhandledEffect }
        static var stage: GraphRuleStage { .tree }

        static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
            guard !context.effectfulSubcomponents.isEmpty else { return [] }
            return factoryRequestDiagnostics(context.graph, subcomponents: context.effectfulSubcomponents)
        }
    }
}
