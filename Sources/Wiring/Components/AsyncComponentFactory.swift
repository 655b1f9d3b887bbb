/// Builds a component's root in an async context, from a graph validated once: the entry
/// point of a root whose path has effects (`async`, `throws`, `@MainActor` factories).
///
/// ```swift
/// let factory = try AsyncComponentFactory.of(AppComponent.self)   // configure, validate, link
/// let app = try await factory.build(())                            // runs every effect on the way
/// ```
///
/// ``of(_:rules:)`` validates like ``ComponentFactory/of(_:validate:)``, except that the root's
/// path may have every effect: async factories are awaited, main-actor factories run on the
/// main actor, and a factory's error reaches ``build(_:)`` as a ``ResolutionError``. Deferred
/// requests are still checked: a `Provider<T>` of a binding whose resolution has effects is a
/// diagnostic (take an ``AsyncProvider`` instead). An effect-free graph builds here too.
///
/// A factory is `Sendable`: keep it in a global and build from any task.
public struct AsyncComponentFactory<C: ComponentBase>: Sendable {
    /// The component this factory builds.
    public typealias ComponentElement = C

    let compiled: CompiledComponent<C>
    private let root: AsyncResolver<C.Root>

    init(compiled: CompiledComponent<C>) {
        self.compiled = compiled
        guard let root = compiled.asyncRoot else {
            preconditionFailure("Wiring internal error: \(C.self) was compiled for another entry point.")
        }
        self.root = root
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
    public func build(_ seed: C.Seed) async throws -> sending C.Root {
        let instance = ComponentInstance.make(layout: compiled.layout, parent: nil)
        // Tasks other than this one may make the instance's shared values (see `AsyncOnceCell`).
        instance.escape()
        if let slot = compiled.seedSlot {
            instance.storeSeed(seed, at: slot)
        }
        let root = SentValue(try await self.root(instance))
        return root.value
    }

    /// The component's resolved graph as data, with every binding's effects.
    public var graph: ObjectGraph {
        compiled.description.export()
    }
}

extension AsyncComponentFactory where C.Seed == Void {
    /// Builds a new instance of a component without a seed and returns its root.
    ///
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    public func build() async throws -> sending C.Root {
        try await build(())
    }
}

extension AsyncComponentFactory where C: RootComponent {
    /// Configures, validates and compiles a root component to be built in an async context.
    ///
    /// Every module's `configure` runs exactly once, and every problem of the graph is reported
    /// at once, as ``ComponentFactory/of(_:validate:rules:)`` does. The root's path may have every
    /// effect.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: C.Type, rules: ValidationRules = []) throws(ValidationError) -> AsyncComponentFactory<C> {
        AsyncComponentFactory(compiled: try CompiledComponent<C>.compile(rules: rules, entry: .async))
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
        AsyncComponentFactory(compiled: try CompiledComponent<C>.compile(rules: rules, overrides: overrides, entry: .async))
    }
}
