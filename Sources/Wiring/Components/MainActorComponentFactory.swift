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
/// ``of(_:rules:)`` validates like ``ComponentFactory/of(_:validate:)``, except that the root's
/// path may run on the main actor and throw; an `async` factory on it is a diagnostic (build
/// with ``AsyncComponentFactory``, or take an ``AsyncProvider``).
public struct MainActorComponentFactory<C: ComponentBase>: Sendable {
    /// The component this factory builds.
    public typealias ComponentElement = C

    let compiled: CompiledComponent<C>
    private let root: MainActorResolver<C.Root>

    init(compiled: CompiledComponent<C>) {
        self.compiled = compiled
        guard let root = compiled.mainActorRoot else {
            preconditionFailure("Wiring internal error: \(C.self) was compiled for another entry point.")
        }
        self.root = root
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
        let instance = ComponentInstance.make(layout: compiled.layout, parent: nil)
        instance.escape()
        if let slot = compiled.seedSlot {
            instance.storeSeed(seed, at: slot)
        }
        return try root(instance)
    }

    /// The component's resolved graph as data, with every binding's effects.
    public var graph: ObjectGraph {
        compiled.description.export()
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

extension MainActorComponentFactory where C: RootComponent {
    /// Configures, validates and compiles a root component to be built on the main actor.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness.
    /// - Returns: A factory that builds the component.
    /// - Throws: ``ValidationError`` with every problem of the graph.
    public static func of(_ componentType: C.Type, rules: ValidationRules = []) throws(ValidationError) -> MainActorComponentFactory<C> {
        MainActorComponentFactory(compiled: try CompiledComponent<C>.compile(rules: rules, entry: .mainActor))
    }
}
