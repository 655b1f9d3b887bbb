/// What `ComponentFactory`, `AsyncComponentFactory` and `MainActorComponentFactory` share: the
/// body of every `of`, the graph, and how the two with effects are taken as parameters. Their
/// public members and `build` stay in each type (ARCHITECTURE.md, "What exists three times,
/// and why").
protocol CompiledComponentFactory: Sendable {
    associatedtype C: ComponentBase
    /// The context the root of a component compiled for this factory is linked in.
    static var entry: EffectContext { get }
    var compiled: CompiledComponent<C> { get }
    /// The instance of the component that installs `C`, for a subcomponent; nil for a root.
    var parent: SharedInstance? { get }
    init(compiled: CompiledComponent<C>, parent: SharedInstance?)
}

extension CompiledComponentFactory where C: RootComponent {
    /// Configures, validates and compiles the root component for this factory's entry point.
    static func compiling(rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)? = nil) throws(ValidationError) -> Self {
        Self(compiled: try CompiledComponent<C>.compile(rules: rules, overrides: overrides, entry: entry), parent: nil)
    }
}

extension CompiledComponentFactory {
    /// What every factory's `graph` gives.
    var exportedGraph: ObjectGraph {
        compiled.description.export()
    }

    /// The key `AsyncComponentFactory<C>` and `MainActorComponentFactory<C>` request: the
    /// subcomponent's own `ComponentFactory<C>`, which `install(dependency:)` binds. They have no
    /// binding of their own, so graphs and their exports stay as they are.
    static var subcomponentFactoryKey: BindingKey { BindingKey(ComponentFactory<C>.self) }

    /// Makes this factory from the subcomponent's `ComponentFactory<C>`, linked at `node`.
    static func subcomponentFactoryResolver(wrapping node: AnyNode?) -> Resolver<Self> {
        let node = linkedNode(node, of: ComponentFactory<C>.self)
        // The node's resolver is read when the factory is made, after the whole graph is linked,
        // so that a cycle through the factory links.
        return { instance in
            let factory = node.resolver(as: ComponentFactory<C>.self)(instance)
            return Self(compiled: factory.compiled, parent: factory.parent)
        }
    }
}
