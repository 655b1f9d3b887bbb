/// Builds a component's root synchronously on the main actor: the entry point of a root whose
/// path has `@MainActor` bindings, from code that cannot `await`, such as a SwiftUI `App.init`
/// or a scene delegate.
///
/// ```swift
/// @main struct ShopApp: App {
///     let model: ShopViewModel?
///     init() {
///         do {
///             let factory = try MainActorComponentFactory.of(ShopComponent.self)
///             model = try factory.build(())       // on the main actor, no await
///         } catch {
///             model = nil                         // show why instead of the shop
///         }
///     }
/// }
/// ```
///
/// ``of(_:rules:)`` validates like ``ComponentFactory/of(_:)``, except that the root's
/// path may run on the main actor and throw; an `async` factory on it is a diagnostic (build
/// with ``AsyncComponentFactory``, or take an ``AsyncProvider``).
///
/// A subcomponent is built the same way: a factory in the component that installs it takes
/// `MainActorComponentFactory<Sub>` as a parameter, exactly where it could take
/// ``ComponentFactory``, and its `build(_:)` runs the subcomponent's main-actor factories in
/// place. `of` reports a request of it whose subcomponent's root path awaits.
///
/// ```swift
/// @MainActor final class Coordinator {
///     let screens: MainActorComponentFactory<ScreenComponent>
///     init(screens: MainActorComponentFactory<ScreenComponent>) { self.screens = screens }
///     func show() throws { present(try screens.build()) }
/// }
/// ```
public struct MainActorComponentFactory<C: ComponentBase>: Sendable {
    /// The component this factory builds.
    public typealias ComponentElement = C

    let compiled: CompiledComponent<C>
    let parent: SharedInstance?

    /// A factory of a root component compiled for this entry point, or of a subcomponent whose
    /// root's resolution does not await, which validation guarantees for every request of one.
    init(compiled: CompiledComponent<C>, parent: SharedInstance?) {
        self.compiled = compiled
        self.parent = parent
    }

    /// Builds a new instance of the component on the main actor and returns its root.
    ///
    /// Main-actor bindings are made right here, synchronously; bindings shared in the
    /// component's scope are created at most once per call.
    ///
    /// - Parameter seed: The component's seed; `()` when it has none.
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    @MainActor
    public func build(_ seed: C.Seed) throws -> C.Root {
        let instance = ComponentInstance.make(layout: compiled.layout, parent: parent?.instance)
        instance.escape()
        if let slot = compiled.seedSlot {
            instance.storeSeed(seed, at: slot)
        }
        guard let resolve = compiled.mainActorRoot else {
            // A subcomponent's root without effects: its synchronous resolver builds it.
            return compiled.root(instance)
        }
        return try resolve(instance)
    }

    /// The component's resolved graph as data, with every binding's effects.
    public var graph: ObjectGraph {
        exportedGraph
    }
}

extension MainActorComponentFactory where C.Seed == Void {
    /// Builds a new instance of a component without a seed on the main actor.
    ///
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    @MainActor
    public func build() throws -> C.Root {
        try build(())
    }
}

extension MainActorComponentFactory where C.Seed: ProviderProtocol {
    /// Builds a component whose seed is a provider, such as `TaggedProvider<UserID>`, from the
    /// value the provider gives, on the main actor: `try factory.build("user-1")`.
    ///
    /// - Parameter seed: The seed's value.
    /// - Returns: The root.
    /// - Throws: ``ResolutionError`` when a factory on the root's path throws.
    @MainActor
    public func build(_ seed: sending C.Seed.Element) throws -> C.Root {
        try build(C.Seed(value: seed))
    }
}

extension MainActorComponentFactory where C: RootComponent {
    /// Configures, validates and compiles a root component to be built on the main actor.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: C.Type, rules: ValidationRules = []) throws(ValidationError) -> MainActorComponentFactory<C> {
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
    ) throws(ValidationError) -> MainActorComponentFactory<C> {
        try compiling(rules: rules, overrides: overrides)
    }
}

extension MainActorComponentFactory: CompiledComponentFactory {
    static var entry: EffectContext { .mainActor }
}

extension MainActorComponentFactory: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { subcomponentFactoryKey }
    @usableFromInline static var requestKind: RequestKind { .mainActorComponentFactory }
    @usableFromInline static func resolver(wrapping node: AnyNode?) -> Resolver<MainActorComponentFactory<C>> {
        subcomponentFactoryResolver(wrapping: node)
    }
}
