/// A component's resolved object graph as data: every binding, every dependency edge.
///
/// Get it from a validated factory with ``ComponentFactory/graph``, then render it with
/// ``rendered(as:)`` or encode it: its JSON form is a documented, stable schema (see the
/// "Inspecting the graph" article), versioned by ``schemaVersion``.
///
/// ```swift
/// let graph = try ComponentFactory.of(ApplicationRootComponent.self).graph
/// print(graph.rendered(as: .text))
/// ```
public struct ObjectGraph: Hashable, Sendable, Codable {
    /// The version of the JSON schema this value encodes to.
    public static let currentSchemaVersion = 1

    /// The schema version of this value: ``currentSchemaVersion`` when made by this release.
    public let schemaVersion: Int
    /// The component's name: `ApplicationRootComponent`.
    public let component: String
    /// The component's scope, with its module: `Wiring.Singleton`, `Wiring.Unscoped`.
    public let scope: String
    /// The id of the root binding (the one `configureRoot` made).
    public let root: String
    /// Every binding: the seed, the component's bindings in declaration order, then the root.
    public let bindings: [Binding]
    /// Every factory parameter, as an edge from the binding whose factory takes it.
    public let dependencies: [Dependency]
    /// The modules the component includes, in the order they were first included.
    public let modules: [ModuleInclusion]
    /// Where the parent installed this component; nil for a root component.
    public let installedAt: SourceLocation?
    /// The graphs of the subcomponents this component installs. Their binding ids start with
    /// their component's name (`SessionComponent/…`), and their edges may reach their ancestors'
    /// bindings.
    public let subcomponents: [ObjectGraph]

    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    /// Creates a graph.
    @_optimize(none)
    init(
        schemaVersion: Int = currentSchemaVersion, component: String, scope: String, root: String,
        bindings: [Binding], dependencies: [Dependency], modules: [ModuleInclusion],
        installedAt: SourceLocation? = nil, subcomponents: [ObjectGraph] = []
    ) {
        self.schemaVersion = schemaVersion
        self.component = component
        self.scope = scope
        self.root = root
        self.bindings = bindings
        self.dependencies = dependencies
        self.modules = modules
        self.installedAt = installedAt
        self.subcomponents = subcomponents
    }

    /// This graph and every nested subcomponent graph, depth first.
    @_optimize(none)
    public var allGraphs: [ObjectGraph] {
        [self] + subcomponents.flatMap(\.allGraphs)
    }

    /// The binding with this id.
    ///
    /// - Parameter id: A binding's ``Binding/id``.
    /// - Returns: The binding, or nil.
    @_optimize(none)
    public func binding(withID id: String) -> Binding? {
        bindings.first { $0.id == id }
    }

    /// The bindings of a type, optionally with a tag.
    ///
    /// - Parameters:
    ///   - type: The bound type; for a collection, `[Element].self`.
    ///   - tag: The tag, or nil for untagged bindings.
    /// - Returns: The matching bindings (several for a collection's contributions).
    @_optimize(none)
    public func bindings(of type: any Any.Type, tag: (any Any.Type)? = nil) -> [Binding] {
        let typeName = TypeName.qualified(type)
        let tagName = tag.map(TypeName.qualified)
        return bindings.filter { $0.type == typeName && $0.tag == tagName && $0.kind != .root }
    }

    /// The private modules of this component, in the order their bindings appear: what each
    /// exposes and what it keeps to itself (see ``PrivateModule``). Empty without private
    /// modules.
    @_optimize(none)
    public var boundaries: [Boundary] {
        var order: [String] = []
        var exposes: [String: [String]] = [:]
        var keeps: [String: [String]] = [:]
        for binding in bindings {
            if let module = binding.exposedFrom {
                if exposes[module] == nil, keeps[module] == nil { order.append(module) }
                exposes[module, default: []].append(binding.id)
            } else if let module = binding.privateTo {
                if exposes[module] == nil, keeps[module] == nil { order.append(module) }
                keeps[module, default: []].append(binding.id)
            }
        }
        return order.map { Boundary(module: $0, exposes: exposes[$0] ?? [], keeps: keeps[$0] ?? []) }
    }

    /// The edges that start at a binding, in parameter order.
    ///
    /// - Parameter id: A binding's id.
    /// - Returns: Its dependencies.
    @_optimize(none)
    public func dependencies(of id: String) -> [Dependency] {
        dependencies.filter { $0.from == id }
    }
}
