/// Hands a binding's recipe the resolvers of its parameters while the graph is linked.
///
/// `to(factory:)` composes these resolvers into one closure that calls the factory, so that
/// after `ComponentFactory.of` a resolve is a chain of direct calls: no lookup, no cast.
///
/// A binding whose resolution has effects is linked in the context that can run them (see
/// ``EffectContext``): its recipe asks for its parameters' resolvers in that context and hands
/// its own to ``finish(throwing:)``, ``finish(mainActor:)`` or ``finish(async:)``, which leave
/// it in the ``sink``. Every other binding is linked synchronously, without a sink.
@usableFromInline
struct Linker {
    /// The storage of the binding when it is shared, or nil when every request makes a new value.
    @usableFromInline let sharedSlot: StorageSlot?
    let targets: ArraySlice<LinkTarget>
    /// The context the binding is linked in: `.synchronous` for every binding without effects.
    @usableFromInline let context: EffectContext
    /// Where a binding linked in an effectful context leaves its resolvers; nil otherwise.
    @usableFromInline let sink: EffectSink?
    /// The cells of the parameter pack resolvers of the component being linked, which its
    /// layout keeps (see ``PackResolver``).
    let packCells: UnretainedPackResolverCells

    init(
        sharedSlot: StorageSlot?, targets: ArraySlice<LinkTarget>, packCells: UnretainedPackResolverCells,
        context: EffectContext = .synchronous, sink: EffectSink? = nil
    ) {
        self.sharedSlot = sharedSlot
        self.targets = targets
        self.packCells = packCells
        self.context = context
        self.sink = sink
    }

    /// The resolver of the factory's parameter at `index`.
    @usableFromInline
    func resolver<P>(_ index: Int, _ parameter: P.Type) -> Resolver<P> {
        Self.resolver(for: targets[targets.startIndex + index], P.self)
    }

    /// The resolver of the parameter at `index` of a factory that takes a parameter pack.
    @usableFromInline
    func packResolver<P>(_ index: Int, _ parameter: P.Type) -> PackResolver<P> {
        packCells.resolver(resolver(index, P.self))
    }

    private static func resolver<P>(for target: LinkTarget, _ parameter: P.Type) -> Resolver<P> {
        switch target {
        case let .node(linked, wrapper: nil):
            // Validation matched the parameter's type to this key, whose value is a `P`.
            return linked.node.resolver(as: P.self)
        case let .node(linked, wrapper: wrapper?):
            return Self.wrapped(wrapper, linked.node, as: P.self)
        case let .function(linked):
            return linked.node.functionResolver(as: P.self)
        case let .absent(wrapper):
            return Self.wrapped(wrapper, nil, as: P.self)
        case let .inherited(depth, inner):
            let resolve = resolver(for: inner, P.self)
            return { instance in resolve(instance.ancestor(depth)) }
        case let .late(inner):
            // Linked after this binding: its resolver is read when the parameter is resolved.
            return { instance in resolver(for: inner, P.self)(instance) }
        }
    }

    private static func wrapped<W: DependencyWrapper, P>(_ wrapper: W.Type, _ node: AnyNode?, as parameter: P.Type) -> Resolver<P> {
        // `W` is the parameter's own type: `DependencyRequest.of(P.self)` found it by casting `P`.
        ResolverBox(resolve: W.resolver(wrapping: node)).cast(to: P.self).resolve
    }

    /// Applies the binding's scope to the resolver a recipe composed.
    @inlinable
    func finish<T>(_ resolve: @escaping Resolver<T>) -> Resolver<T> {
        if sink != nil {
            return finishInContext(resolve)
        }
        guard let slot = sharedSlot else { return resolve }
        if slot.isBoxed {
            return Self.boxedShared(slot, resolve)
        }
        return { instance in instance.shared(slot, resolve) }
    }

    /// The resolver of a shared value kept in a box because of its alignment: rare, so not
    /// specialised for each type.
    @usableFromInline
    static func boxedShared<T>(_ slot: StorageSlot, _ resolve: @escaping Resolver<T>) -> Resolver<T> {
        { instance in instance.sharedBoxed(slot, resolve) }
    }
}

// MARK: - Effectful contexts

extension Linker {
    /// The resolvers of `T` a recipe linked in this linker's effectful context left in its sink:
    /// how a collection or a map reads the resolvers of each of its contributions.
    func sinkResolvers<T>(as type: T.Type) -> EffectfulResolvers<T> {
        guard let resolvers = sink?.resolvers as? EffectfulResolvers<T> else {
            preconditionFailure("Wiring internal error: a contribution of \(T.self) was not linked in its effectful context.")
        }
        return resolvers
    }

    /// The resolver of the parameter at `index` in a throwing context.
    @usableFromInline
    func throwingResolver<P>(_ index: Int, _ parameter: P.Type) -> ThrowingResolver<P> {
        Self.throwingResolver(for: targets[targets.startIndex + index], P.self)
    }

    /// The resolver of the parameter at `index` on the main actor.
    @usableFromInline
    func mainActorResolver<P>(_ index: Int, _ parameter: P.Type) -> MainActorResolver<P> {
        Self.mainActorResolver(for: targets[targets.startIndex + index], P.self)
    }

    /// The resolver of the parameter at `index` in an async context: its plain resolver when
    /// its resolution has no effects, so that the recipe calls it without an await.
    @usableFromInline
    func asyncResolver<P>(_ index: Int, _ parameter: P.Type) -> AsyncParameterResolver<P> {
        Self.asyncResolver(for: targets[targets.startIndex + index], P.self)
    }

    private static func throwingResolver<P>(for target: LinkTarget, _ parameter: P.Type) -> ThrowingResolver<P> {
        switch target {
        case let .node(linked, wrapper: nil):
            return linked.node.throwingResolver(as: P.self)
        case let .node(linked, wrapper: wrapper?):
            if let resolvers = Self.effectfulWrapped(wrapper, linked.node, as: P.self) {
                return resolvers.throwingResolver()
            }
            // A wrapper made synchronously; what it wraps runs later.
            let resolve = resolver(for: target, P.self)
            return { instance in resolve(instance) }
        case let .inherited(depth, inner):
            let resolve = throwingResolver(for: inner, P.self)
            return { instance in try resolve(instance.ancestor(depth)) }
        case .function, .absent, .late:
            // Wrappers, closures and late keys are made synchronously; what they wrap runs later.
            let resolve = resolver(for: target, P.self)
            return { instance in resolve(instance) }
        }
    }

    private static func mainActorResolver<P>(for target: LinkTarget, _ parameter: P.Type) -> MainActorResolver<P> {
        switch target {
        case let .node(linked, wrapper: nil):
            return linked.node.mainActorResolver(as: P.self)
        case let .node(linked, wrapper: wrapper?):
            if let resolvers = Self.effectfulWrapped(wrapper, linked.node, as: P.self) {
                return resolvers.mainActorResolver()
            }
            let resolve = resolver(for: target, P.self)
            return { instance in resolve(instance) }
        case let .inherited(depth, inner):
            let resolve = mainActorResolver(for: inner, P.self)
            return { instance in try resolve(instance.ancestor(depth)) }
        case .function, .absent, .late:
            let resolve = resolver(for: target, P.self)
            return { instance in resolve(instance) }
        }
    }

    private static func asyncResolver<P>(for target: LinkTarget, _ parameter: P.Type) -> AsyncParameterResolver<P> {
        switch target {
        case let .node(linked, wrapper: nil):
            if let resolvers = linked.node.effectfulResolvers(as: P.self) {
                return AsyncParameterResolver(awaited: resolvers.async)
            }
            return AsyncParameterResolver(plain: linked.node.resolver(as: P.self))
        case let .node(linked, wrapper: wrapper?):
            if let resolvers = Self.effectfulWrapped(wrapper, linked.node, as: P.self) {
                return AsyncParameterResolver(awaited: resolvers.async)
            }
            // A wrapper made synchronously; what it wraps runs later.
            return AsyncParameterResolver(plain: resolver(for: target, P.self))
        case let .inherited(depth, inner):
            return asyncResolver(for: inner, P.self).inAncestor(depth)
        case .function, .absent, .late:
            return AsyncParameterResolver(plain: resolver(for: target, P.self))
        }
    }

    /// The resolvers of a wrapper that resolves its binding eagerly (`T?`) when that binding's
    /// resolution has effects; nil for a wrapper made synchronously.
    private static func effectfulWrapped<W: DependencyWrapper, P>(_ wrapper: W.Type, _ node: AnyNode, as parameter: P.Type) -> EffectfulResolvers<P>? {
        guard let resolvers = W.effectfulResolvers(wrapping: node) else { return nil }
        // `W` is the parameter's own type: `DependencyRequest.of(P.self)` found it by casting `P`.
        guard let cast = resolvers as AnyObject as? EffectfulResolvers<P> else {
            preconditionFailure("Wiring internal error: \(P.self) was linked as \(W.self).")
        }
        return cast
    }

    /// A resolver that is linked but never called: the plain resolver of a binding whose
    /// resolution has effects, which validation lets only effectful contexts reach.
    @usableFromInline
    static func unreachable<T>(_ type: T.Type) -> Resolver<T> {
        { _ in preconditionFailure("Wiring internal error: \(T.self), whose resolution has effects, was resolved synchronously.") }
    }

    /// A plain resolver (a value, or a recipe without effectful parameters) finished in the
    /// effectful context its binding is linked in: a contribution to a collection whose other
    /// contributions have effects.
    @usableFromInline
    func finishInContext<T>(_ resolve: @escaping Resolver<T>) -> Resolver<T> {
        switch context {
        case .synchronous, .throwing: finish(throwing: { instance in resolve(instance) })
        case .mainActor: finish(mainActor: { instance in resolve(instance) })
        case .async: finish(async: { instance in resolve(instance) })
        }
    }

    /// Finishes a binding whose resolution throws: wraps its errors, applies its scope, and
    /// leaves its resolvers in the sink.
    @usableFromInline
    func finish<T>(throwing resolve: @escaping ThrowingResolver<T>) -> Resolver<T> {
        guard let sink else { return Self.unreachable(T.self) }
        let errors = sink.errorContext
        let guarded: ThrowingResolver<T> = { instance in
            do { return try resolve(instance) } catch { throw errors.wrap(error) }
        }
        if let slot = sharedSlot {
            sink.resolvers = EffectfulResolvers<T>(throwing: { instance in try instance.sharedThrowing(slot, guarded) })
        } else {
            sink.resolvers = EffectfulResolvers<T>(throwing: guarded)
        }
        return Self.unreachable(T.self)
    }

    /// Finishes a binding whose resolution runs on the main actor.
    @usableFromInline
    func finish<T>(mainActor resolve: @escaping MainActorResolver<T>) -> Resolver<T> {
        guard let sink else { return Self.unreachable(T.self) }
        let errors = sink.errorContext
        let guarded: MainActorResolver<T> = { instance in
            do { return try resolve(instance) } catch { throw errors.wrap(error) }
        }
        if let slot = sharedSlot {
            sink.resolvers = EffectfulResolvers<T>(mainActor: { instance in try instance.sharedThrowing(slot) { try guarded($0) } })
        } else {
            sink.resolvers = EffectfulResolvers<T>(mainActor: guarded)
        }
        return Self.unreachable(T.self)
    }

    /// Finishes a binding whose resolution is async. A shared one is made once per instance
    /// (see `ComponentInstance.sharedAsync`).
    @usableFromInline
    func finish<T>(async resolve: @escaping AsyncResolver<T>) -> Resolver<T> {
        guard let sink else { return Self.unreachable(T.self) }
        let errors = sink.errorContext
        if let slot = sharedSlot {
            // `sharedAsync` wraps the errors itself: a closure less to await on the way.
            sink.resolvers = EffectfulResolvers<T>(async: { instance in
                if instance.isSharedValueMade(slot) { return instance.sharedValue(slot, as: T.self) }
                return try await instance.sharedAsync(slot, resolve, errors: errors)
            }, sharedSlot: slot)
        } else {
            sink.resolvers = EffectfulResolvers<T>(async: { instance in
                do { return try await resolve(instance) } catch { throw errors.wrap(error) }
            })
        }
        return Self.unreachable(T.self)
    }

    /// What the errors of a binding linked in an effectful context say about it: a recipe that
    /// wraps its errors itself, for ``finish(guardedAsync:)``, wraps them with it.
    var errorContext: ErrorContext {
        guard let sink else {
            preconditionFailure("Wiring internal error: a binding was linked in an effectful context without a sink.")
        }
        return sink.errorContext
    }

    /// Finishes a binding whose resolution is async and whose resolver wraps its errors with
    /// ``errorContext`` itself: ``finish(async:)`` without the closure that wraps them, one
    /// async frame less on the way.
    func finish<T>(guardedAsync resolve: @escaping AsyncResolver<T>) -> Resolver<T> {
        guard let sink else { return Self.unreachable(T.self) }
        if let slot = sharedSlot {
            sink.resolvers = EffectfulResolvers<T>(async: { instance in
                if instance.isSharedValueMade(slot) { return instance.sharedValue(slot, as: T.self) }
                return try await instance.sharedAsync(slot, resolve, errors: nil)
            }, sharedSlot: slot)
        } else {
            sink.resolvers = EffectfulResolvers<T>(async: resolve)
        }
        return Self.unreachable(T.self)
    }
}
