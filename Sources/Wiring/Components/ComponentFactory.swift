/// Builds a component's root, as many times as you like, from a graph validated once.
///
/// ```swift
/// let factory = try ComponentFactory.of(ApplicationRootComponent.self)  // configure, validate, link
/// let depositer = factory.build(())                                      // cheap; call it many times
/// ```
///
/// ``of(_:)`` runs every module's `configure` exactly once, checks the whole graph and
/// compiles it into linked resolvers; ``build(_:)-6sigw`` never configures again. Each build is a new
/// instance of the component: bindings shared in its scope are made once per build.
///
/// A factory is `Sendable`: keep it in a global and build from any task.
public struct ComponentFactory<C: ComponentBase>: Sendable {
    /// The component this factory builds.
    public typealias ComponentElement = C

    @usableFromInline let compiled: CompiledComponent<C>
    @usableFromInline let parent: SharedInstance?

    @usableFromInline
    init(compiled: CompiledComponent<C>, parent: SharedInstance?) {
        self.compiled = compiled
        self.parent = parent
    }

    /// Builds a new instance of the component and returns its root.
    ///
    /// The seed is bound in the graph, so any factory can take it as a parameter. Bindings shared
    /// in the component's scope are created at most once per call, even when many tasks resolve
    /// them at the same moment.
    ///
    /// - Parameter seed: The component's seed; `()` when it has none.
    /// - Returns: The root.
    @inlinable
    public func build(_ seed: C.Seed) -> C.Root {
        let instance = ComponentInstance.make(layout: compiled.layout, parent: parent?.instance, reusing: compiled.spare)
        if let slot = compiled.seedSlot {
            instance.storeSeed(seed, at: slot)
        }
        let root = compiled.root(instance)
        instance.endBuild(layout: compiled.layout, keepingIn: compiled.spare)
        return root
    }
}

extension ComponentFactory where C.Seed == Void {
    /// Builds a new instance of a component without a seed and returns its root.
    ///
    /// - Returns: The root.
    @inlinable
    public func build() -> C.Root {
        build(())
    }
}

extension ComponentFactoryProtocol where ComponentElement.Seed: ProviderProtocol {
    /// Builds a component whose seed is a provider, such as `TaggedProvider<UserID>`, from the
    /// value the provider gives: `factory.build("user-1")`.
    ///
    /// - Parameter seed: The seed's value.
    /// - Returns: The root.
    @inlinable
    public func build(_ seed: sending ComponentElement.Seed.Element) -> ComponentElement.Root {
        build(ComponentElement.Seed(value: seed))
    }
}

extension ComponentFactory where C: RootComponent {
    /// Configures, validates and compiles a root component.
    ///
    /// Every module's `configure` runs exactly once. The whole graph is checked, and every problem
    /// (missing bindings, dependency cycles, duplicate bindings) is reported at once, each with its
    /// source location and a fix.
    ///
    /// - Parameters:
    /// - Parameter componentType: The root component.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: C.Type) throws -> ComponentFactory<C> {
        try of(componentType, rules: [])
    }

    /// Configures, validates and compiles a root component, also checking optional rules.
    ///
    /// ```swift
    /// let factory = try ComponentFactory.of(ApplicationRootComponent.self, rules: .all)
    /// ```
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness, such as
    ///     ``ValidationRules/siblingBindingsOnly``.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: C.Type, rules: ValidationRules) throws(ValidationError) -> ComponentFactory<C> {
        try compiling(rules: rules)
    }

    /// Configures, validates and compiles a root component whose bindings are partly replaced:
    /// every binding `overrides` declares replaces the component's bindings of the same type and
    /// tag. The overrides show in ``graph`` (``ObjectGraph/Binding/isOverride``). Meant for
    /// tests, through `WiringTesting`.
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
    ) throws(ValidationError) -> ComponentFactory<C> {
        try compiling(rules: rules, overrides: overrides)
    }
}

extension ComponentFactory {
    /// The component's resolved graph as data: every binding (type, tag, scope, collection or
    /// not, the module that declared it, its location) and every dependency edge.
    ///
    /// ```swift
    /// print(factory.graph.rendered(as: .mermaid))
    /// ```
    public var graph: ObjectGraph {
        exportedGraph
    }
}

/// What every ``ComponentFactory`` can do, for code generic over factories.
public protocol ComponentFactoryProtocol {
    /// The component built.
    associatedtype ComponentElement: ComponentBase

    /// Builds a new instance of the component and returns its root.
    func build(_ seed: ComponentElement.Seed) -> ComponentElement.Root
}

extension ComponentFactory: ComponentFactoryProtocol {}

extension ComponentFactory: CompiledComponentFactory {
    static var entry: EffectContext { .synchronous }
}

extension ComponentFactoryProtocol where ComponentElement: RootComponent {
    /// Configures, validates and compiles a root component, for code generic over factories;
    /// the same as ``ComponentFactory/of(_:)``.
    ///
    /// - Parameter componentType: The root component.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: ComponentElement.Type) throws -> ComponentFactory<ComponentElement> {
        try ComponentFactory<ComponentElement>.of(componentType, rules: [])
    }
}

/// `ComponentFactory<C>` as a key: what `install(dependency: C.self)` binds, which a missing
/// binding's fix names.
protocol SubcomponentFactoryKey {
    /// The component the factory builds.
    static var componentType: any Any.Type { get }
}

extension ComponentFactory: SubcomponentFactoryKey {
    static var componentType: any Any.Type { C.self }
}
