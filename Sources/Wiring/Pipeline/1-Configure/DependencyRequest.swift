/// How a factory parameter asks for a binding.
@usableFromInline
enum RequestKind: Sendable, Equatable {
    /// The parameter is the bound type itself: the binding is resolved while the factory runs.
    case instance
    /// The parameter is a `Provider` or `TaggedProvider`: the binding is resolved on `get()`.
    case provider
    /// The parameter is `T?`: the binding is resolved while the factory runs, nil when absent.
    case optional
    /// The parameter is `() -> T`: the binding is resolved when the closure is called.
    case function
    /// The parameter is `Lazy<T>`: the binding is resolved on the first `get()`.
    case lazy
    /// The parameter is `WeakProvider<T>`: resolved on `get()` while the component lives.
    case weak
    /// The parameter is `AsyncProvider<T>`: resolved on `try await get()`, which runs any effect.
    case asyncProvider
    /// The parameter is `MainActorProvider<T>`: resolved on `try get()` on the main actor.
    case mainActorProvider
    /// The parameter is `[K: Provider<V>]`: a provider of each entry of the map `[K: V]`, each
    /// resolved on its `get()`.
    case mapProviders
    /// The parameter is `[K: AsyncProvider<V>]`: a provider of each entry of the map `[K: V]`,
    /// each resolved, with its effects, on its `try await get()`.
    case asyncMapProviders
    /// The parameter is `[K: MainActorProvider<V>]`: a provider of each entry of the map
    /// `[K: V]`, each resolved on the main actor on its `try get()`.
    case mainActorMapProviders
    /// The parameter is `AsyncComponentFactory<Sub>`, made from the binding of
    /// `ComponentFactory<Sub>`: its `try await build(_:)` runs every effect of `Sub`'s root.
    case asyncComponentFactory
    /// The parameter is `MainActorComponentFactory<Sub>`, made from the binding of
    /// `ComponentFactory<Sub>`: its `try build(_:)` on the main actor runs `Sub`'s root there.
    case mainActorComponentFactory
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
        kind == .instance || kind == .function ? nil : parameterType as? any DependencyWrapper.Type
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
