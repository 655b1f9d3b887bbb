/// Builds a component's root in an async context, from a graph validated once: the entry
/// point of a root whose path has effects (`async`, `throws`, `@MainActor` factories).
///
/// ```swift
/// let factory = try AsyncComponentFactory.of(AppComponent.self)   // configure, validate, link
/// let app = try await factory.build(())                            // runs every effect on the way
/// ```
///
/// ``of(_:rules:)`` validates like ``ComponentFactory/of(_:)``, except that the root's
/// path may have every effect: async factories are awaited, main-actor factories run on the
/// main actor, and a factory's error reaches ``build(_:)-(C.Seed)`` as a ``ResolutionError``.
/// Deferred requests are still checked: a `Provider<T>` of a binding whose resolution has
/// effects is a diagnostic (take an ``AsyncProvider`` instead). An effect-free graph builds here
/// too.
///
/// A subcomponent is built the same way: a factory in the component that installs it takes
/// `AsyncComponentFactory<Sub>` as a parameter, exactly where it could take
/// ``ComponentFactory``, and its `build(_:)` runs every effect of the subcomponent's root:
///
/// ```swift
/// final class SessionStarter: Sendable {
///     let sessions: AsyncComponentFactory<SessionComponent>
///     init(sessions: AsyncComponentFactory<SessionComponent>) { self.sessions = sessions }
///     func start(_ user: String) async throws -> Session { try await sessions.build(user) }
/// }
/// ```
///
/// A factory is `Sendable`: keep it in a global and build from any task.
public struct AsyncComponentFactory<C: ComponentBase>: Sendable {
    /// The component this factory builds.
    public typealias ComponentElement = C

    @usableFromInline let compiled: CompiledComponent<C>
    @usableFromInline let parent: SharedInstance?

    /// A factory of a root component compiled for this entry point, or of a subcomponent, whose
    /// compiled root has an async resolver whenever its resolution has effects.
    init(compiled: CompiledComponent<C>, parent: SharedInstance?) {
        self.compiled = compiled
        self.parent = parent
    }

    /// Builds a new instance of the component and returns its root, running every effect on
    /// the root's path.
    ///
    /// Bindings shared in the component's scope are created at most once per call, even when
    /// many tasks resolve them at the same moment; a shared binding whose factory threw is
    /// created again by the next request.
    ///
    /// - Parameter seed: The component's seed; `()` when it has none.
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    @inlinable
    public func build(_ seed: C.Seed) async throws -> sending C.Root {
        let instance = ComponentInstance.make(layout: compiled.layout, parent: parent?.instance)
        // Until something holds the instance (a provider, a hop to the main actor), only this
        // task reaches it: its shared values are claimed without a compare-and-swap, async ones
        // made here without a task of their own (see `ComponentInstance.sharedAsync`), and
        // whatever nothing holds is destroyed when the build ends, as in `ComponentFactory.build`.
        defer { instance.endBuild(layout: compiled.layout) }
        if let slot = compiled.seedSlot {
            instance.storeSeed(seed, at: slot)
        }
        // Inlinable, so that it is specialised where it is called: unspecialised, its values of
        // the generic root and seed types each take an allocation of the task on every build.
        // Not `SentValue`, on either path (see `handedOver(_:)`).
        guard let resolve = compiled.asyncRoot else {
            // A subcomponent's root without effects: its synchronous resolver builds it.
            return handedOver(compiled.root(instance))
        }
        return handedOver(try await resolve(instance))
    }

    /// The component's resolved graph as data, with every binding's effects.
    public var graph: ObjectGraph {
        exportedGraph
    }
}

extension AsyncComponentFactory where C.Seed == Void {
    /// Builds a new instance of a component without a seed and returns its root.
    ///
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    @inlinable
    public func build() async throws -> sending C.Root {
        try await build(())
    }
}

extension AsyncComponentFactory where C.Seed: ProviderProtocol {
    /// Builds a component whose seed is a provider, such as `TaggedProvider<UserID>`, from the
    /// value the provider gives: `try await factory.build("user-1")`.
    ///
    /// - Parameter seed: The seed's value.
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    @inlinable
    public func build(_ seed: sending C.Seed.Element) async throws -> sending C.Root {
        try await build(C.Seed(value: seed))
    }
}

extension AsyncComponentFactory where C: RootComponent {
    /// Configures, validates and compiles a root component to be built in an async context.
    ///
    /// Every module's `configure` runs exactly once, and every problem of the graph is reported
    /// at once, as ``ComponentFactory/of(_:rules:)`` does. The root's path may have every
    /// effect.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: C.Type, rules: ValidationRules = []) throws(ValidationError) -> AsyncComponentFactory<C> {
        try compiling(rules: rules)
    }

    /// Configures, validates and compiles a root component whose bindings are partly replaced,
    /// for tests (see `ComponentFactory.of(_:rules:overriding:)`).
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness.
    ///   - overrides: Declares the replacing bindings.
    /// - Returns: A factory that builds the component with the overrides.
    /// - Throws: ``ValidationError``, including an override that replaces nothing.
    @_spi(Testing)
    public static func of(
        _ componentType: C.Type, rules: ValidationRules = [], overriding overrides: @escaping (Binder<C.Scope>) -> Void
    ) throws(ValidationError) -> AsyncComponentFactory<C> {
        try compiling(rules: rules, overrides: overrides)
    }
}

extension AsyncComponentFactory: CompiledComponentFactory {
    static var entry: EffectContext { .async }
}

extension AsyncComponentFactory: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { subcomponentFactoryKey }
    @usableFromInline static var requestKind: RequestKind { .asyncComponentFactory }
    @usableFromInline static func resolver(wrapping node: AnyNode?) -> Resolver<AsyncComponentFactory<C>> {
        subcomponentFactoryResolver(wrapping: node)
    }
}
