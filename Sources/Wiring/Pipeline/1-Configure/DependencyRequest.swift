/// How a factory parameter asks for a binding: the facts each later step needs about it, kept
/// in one value so that a new kind of request is a new value, not a case that switches in
/// several files must learn. A wrapper gives its kind as ``DependencyWrapper/requestKind``.
@usableFromInline
struct RequestKind: Sendable, Equatable {
    /// Where a request finds its binding (``ResolvedGraph/resolveHere(_:in:)``).
    enum Lookup: UInt8, Sendable {
        /// The bound type itself, resolved while the factory runs.
        case instance
        /// `() -> T`: a bound closure type if there is one, else `T`, resolved when called.
        case function
        /// The wrapped key, resolved through the wrapper.
        case wrapper
        /// The parameter's own type when it is bound as a value, else the wrapped key through the
        /// wrapper: a subcomponent's async and main-actor factories.
        case valueOrWrapper
        /// The parameter's own type when it is bound as a value, else the entries of the wrapped
        /// map (a map bound as a single value has none): a map of providers.
        case valueOrMapEntries
        /// `T?`: the parameter's own type when bound, else `T` through the wrapper, else nil.
        case optional
    }

    /// Where the request finds its binding.
    let lookup: Lookup
    /// The context the wrapper's accessor resolves its binding in, when the request defers it
    /// (``ResolvedGraph/deferredContext(of:_:)``): `.async` for `AsyncProvider`'s
    /// `try await get()`, `.synchronous` for `Provider`'s `get()`.
    let deferredContext: EffectContext
    /// The edge's kind in an exported graph when the request resolves through its wrapper.
    let exported: ObjectGraph.Dependency.Kind
    /// The edge's kind when the parameter's own type is bound as a value.
    let exportedAsValue: ObjectGraph.Dependency.Kind

    init(
        _ lookup: Lookup, deferredContext: EffectContext = .synchronous, exported: ObjectGraph.Dependency.Kind,
        exportedAsValue: ObjectGraph.Dependency.Kind? = nil
    ) {
        self.lookup = lookup
        self.deferredContext = deferredContext
        self.exported = exported
        self.exportedAsValue = exportedAsValue ?? exported
    }
}

extension RequestKind {
    /// The parameter is the bound type itself: the binding is resolved while the factory runs.
    @usableFromInline static var instance: RequestKind { RequestKind(.instance, exported: .instance) }
    /// The parameter is a `Provider` or `TaggedProvider`: the binding is resolved on `get()`.
    static var provider: RequestKind { RequestKind(.wrapper, exported: .provider) }
    /// The parameter is `T?`: the binding is resolved while the factory runs, nil when absent.
    static var optional: RequestKind { RequestKind(.optional, exported: .optional) }
    /// The parameter is `() -> T`: the binding is resolved when the closure is called.
    @usableFromInline static var function: RequestKind { RequestKind(.function, exported: .function) }
    /// The parameter is `Lazy<T>`: the binding is resolved on the first `get()`.
    static var lazy: RequestKind { RequestKind(.wrapper, exported: .lazy) }
    /// The parameter is `WeakProvider<T>`: resolved on `get()` while the component lives.
    static var weak: RequestKind { RequestKind(.wrapper, exported: .weak) }
    /// The parameter is `AsyncProvider<T>`: resolved on `try await get()`, which runs any effect.
    static var asyncProvider: RequestKind { RequestKind(.wrapper, deferredContext: .async, exported: .asyncProvider) }
    /// The parameter is `MainActorProvider<T>`: resolved on `try get()` on the main actor.
    static var mainActorProvider: RequestKind { RequestKind(.wrapper, deferredContext: .mainActor, exported: .mainActorProvider) }
    /// The parameter is `[K: Provider<V>]`: a provider of each entry of the map `[K: V]`, each
    /// resolved on its `get()`.
    static var mapProviders: RequestKind { RequestKind(.valueOrMapEntries, exported: .provider) }
    /// The parameter is `[K: AsyncProvider<V>]`: a provider of each entry of the map `[K: V]`,
    /// each resolved, with its effects, on its `try await get()`.
    static var asyncMapProviders: RequestKind { RequestKind(.valueOrMapEntries, deferredContext: .async, exported: .asyncProvider) }
    /// The parameter is `[K: MainActorProvider<V>]`: a provider of each entry of the map
    /// `[K: V]`, each resolved on the main actor on its `try get()`.
    static var mainActorMapProviders: RequestKind {
        RequestKind(.valueOrMapEntries, deferredContext: .mainActor, exported: .mainActorProvider)
    }
    /// The parameter is `AsyncComponentFactory<Sub>`, made from the binding of
    /// `ComponentFactory<Sub>`: its `try await build(_:)` runs every effect of `Sub`'s root.
    /// (What that may run is checked where it is asked for, ``EffectRule/SubcomponentFactories``,
    /// so the factory itself is made synchronously.)
    static var asyncComponentFactory: RequestKind {
        RequestKind(.valueOrWrapper, exported: .asyncComponentFactory, exportedAsValue: .instance)
    }
    /// The parameter is `MainActorComponentFactory<Sub>`, made from the binding of
    /// `ComponentFactory<Sub>`: its `try build(_:)` on the main actor runs `Sub`'s root there.
    static var mainActorComponentFactory: RequestKind {
        RequestKind(.valueOrWrapper, exported: .mainActorComponentFactory, exportedAsValue: .instance)
    }
}

/// One factory parameter: the key it asks for and how.
@usableFromInline
struct DependencyRequest: Sendable {
    /// The binding that satisfies the request.
    @usableFromInline let key: BindingKey
    @usableFromInline let kind: RequestKind
    /// The parameter's own type, for messages: `Provider<Clock>`, `NetworkExecutor`.
    @usableFromInline let parameterType: any Any.Type
    /// The wrapper that turns the bound value into the parameter, or nil for a plain parameter.
    /// (Found again from the parameter's type rather than stored: it is needed only while the
    /// graph is validated and linked, and a graph keeps every request.)
    var wrapper: (any DependencyWrapper.Type)? {
        kind.lookup == .instance || kind.lookup == .function ? nil : parameterType as? any DependencyWrapper.Type
    }

    /// Classifies the parameters of a factory, in order. Not specialised for each factory: it
    /// runs once per binding while `configure` runs.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @usableFromInline
    static func list<each P>(_ parameters: repeat (each P).Type) -> [DependencyRequest] {
        var count = 0
        for _ in repeat each parameters { count += 1 }
        var requests: [DependencyRequest] = []
        requests.reserveCapacity(count)
        for parameter in repeat each parameters {
            requests.append(.of(parameter))
        }
        return requests
    }

    /// Classifies a factory parameter. Runs once per parameter while `configure` runs, never
    /// while the graph resolves.
    @usableFromInline
    static func of<P>(_ parameter: P.Type) -> DependencyRequest {
        if TypeKind.of(parameter).mayBeWrapper, let wrapper = parameter as? any DependencyWrapper.Type {
            return DependencyRequest(key: wrapper.wrappedKey, kind: wrapper.requestKind, parameterType: parameter)
        }
        if let result = FunctionType.resultOfNullaryClosure(parameter) {
            return DependencyRequest(key: BindingKey(result), kind: .function, parameterType: parameter)
        }
        return DependencyRequest(key: BindingKey(parameter), kind: .instance, parameterType: parameter)
    }
}

/// A parameter type that is not bound itself but wraps a binding: `Provider<T>`,
/// `TaggedProvider<Tag>`.
@usableFromInline
protocol DependencyWrapper: SendableMetatype {
    /// The binding the wrapper gives access to.
    static var wrappedKey: BindingKey { get }
    /// How the wrapper reaches it.
    static var requestKind: RequestKind { get }
    /// Makes the wrapper from the linked node of the wrapped binding, nil when it is absent
    /// (which validation allows only for `.optional` requests).
    static func resolver(wrapping node: AnyNode?) -> Resolver<Self>
    /// The wrapper's resolvers in the effectful contexts that can run its binding's effects,
    /// when it resolves its binding while its requirer's factory runs and that binding has
    /// effects; nil for a wrapper made synchronously, whose binding runs later (if at all).
    ///
    /// Only `T?` of a bound `T` resolves its binding eagerly, so only it carries the binding's
    /// effects to its requirer (`ResolvedGraph.isEager`) and is linked with them here.
    static func effectfulResolvers(wrapping node: AnyNode) -> EffectfulResolvers<Self>?
}

extension DependencyWrapper {
    @usableFromInline
    static func effectfulResolvers(wrapping node: AnyNode) -> EffectfulResolvers<Self>? { nil }
}
