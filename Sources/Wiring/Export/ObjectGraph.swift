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

extension ObjectGraph {
    /// One binding of the graph.
    public struct Binding: Hashable, Sendable, Codable, Identifiable {
        /// What role a binding plays.
        ///
        /// A struct with a static member per value, not an enum, so that a release can add one
        /// without breaking code that switches over them: such a switch needs a `default`.
        public struct Kind: RawRepresentable, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
            enum Code: String, CaseIterable {
                case unique, contribution, seed, root
            }

            let code: Code

            init(_ code: Code) { self.code = code }

            /// The value of a name as JSON spells it; nil for a name this release does not know.
            ///
            /// - Parameter rawValue: The name, as ``rawValue`` spells it.
            @_optimize(none)
            public init?(rawValue: String) {
                guard let code = Code(rawValue: rawValue) else { return nil }
                self.code = code
            }

            /// The name as JSON spells it: `unique`, `contribution`, …
            public var rawValue: String { code.rawValue }

            /// The name, as ``rawValue``.
            public var description: String { rawValue }

            /// Every value of this release.
            public static var allCases: [Kind] { Code.allCases.map(Kind.init) }

            /// The only binding of its type and tag.
            public static let unique = Kind(.unique)

            /// One contribution to a collection `[Element]`.
            public static let contribution = Kind(.contribution)

            /// The component's seed, given to `build`.
            public static let seed = Kind(.seed)

            /// The component's root, made by `configureRoot`.
            public static let root = Kind(.root)
        }

        /// What a binding does to a map `[Key: Value]`.
        ///
        /// A struct with a static member per value, not an enum, so that a release can add one
        /// without breaking code that switches over them: such a switch needs a `default`.
        public struct MapRole: RawRepresentable, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
            enum Code: String, CaseIterable {
                case entry, declaration, removal
            }

            let code: Code

            init(_ code: Code) { self.code = code }

            /// The value of a name as JSON spells it; nil for a name this release does not know.
            ///
            /// - Parameter rawValue: The name, as ``rawValue`` spells it.
            @_optimize(none)
            public init?(rawValue: String) {
                guard let code = Code(rawValue: rawValue) else { return nil }
                self.code = code
            }

            /// The name as JSON spells it: `entry`, `declaration`, …
            public var rawValue: String { code.rawValue }

            /// The name, as ``rawValue``.
            public var description: String { rawValue }

            /// Every value of this release.
            public static var allCases: [MapRole] { Code.allCases.map(MapRole.init) }

            /// Contributes the entry under ``Binding/mapKey`` (`intoMap(key:)`).
            public static let entry = MapRole(.entry)

            /// Declares the map, so that it may have no entries (`Binder.declareMap`).
            public static let declaration = MapRole(.declaration)

            /// A test's replacements remove the entry under ``Binding/mapKey``.
            public static let removal = MapRole(.removal)
        }

        /// Unique within the graph and stable from run to run: the qualified type, `#` and the
        /// qualified tag when tagged, `@` and a 1-based index for a collection contribution,
        /// the key in brackets for a map entry (`["home"]`); `root` for the root. Example:
        /// `Swift.Array<Plugins.Plugin>@2`.
        public let id: String
        /// The bound type with its module: `any Network.NetworkExecutor`, `Swift.Array<Plugins.Plugin>`.
        public let type: String
        /// The bound type as code names it: `any NetworkExecutor`, `[Plugin]`.
        public let name: String
        /// The tag with its module, when tagged.
        public let tag: String?
        /// The role of the binding.
        public let kind: Kind
        /// The scope the binding is shared in (`Wiring.Singleton`), or nil when every request
        /// makes a new value.
        public let scope: String?
        /// Whether the binding contributes to a collection.
        public let isCollection: Bool
        /// The module (or component) that declared the binding, with its Swift module:
        /// `ATMLibWiring.ATMLibModule`.
        public let module: String?
        /// Where the binding was declared; nil for the seed.
        public let location: SourceLocation?
        /// Whether a test override declared the binding, replacing the component's own.
        public let isOverride: Bool
        /// The effects of the binding's factory itself: `@MainActor`, `async`, `throws` (see
        /// ``Effects``). In JSON, a list of names (`["async", "throws"]`), absent from documents
        /// written before effects existed.
        public let effects: Effects
        /// The concrete type the binding gives, when it is bound to an implementation that is
        /// itself bound (`binder.bind((any NetworkExecutor).self).to(BankNetworkExecutor.self) { $0 }`):
        /// `BankNetworkExecutor`. Nil otherwise, and absent from JSON.
        public let implementation: String?
        /// The key of a map entry, or of the entry a test removes, as code writes it: `"home"`,
        /// `42`, `Route.home`. Nil otherwise, and absent from JSON.
        public let mapKey: String?
        /// What the binding does to a map, for the declarations of a map `[Key: Value]`
        /// (their ``kind`` is ``Kind/contribution``). Nil otherwise, and absent from JSON.
        public let mapRole: MapRole?
        /// The private module that keeps the binding to itself, with its Swift module
        /// (`BankNetworkWiring.BankNetworkModule`): only bindings declared inside it see it. Nil
        /// for a binding visible to the whole component, and absent from JSON.
        public let privateTo: String?
        /// The private module whose binding this one exposes (an `expose` call), or whose
        /// contribution it is when the module exposes its collection or map. Nil otherwise, and
        /// absent from JSON.
        public let exposedFrom: String?

        /// Creates a binding.
        @_optimize(none)
        init(
            id: String, type: String, name: String, tag: String?, kind: Kind, scope: String?, isCollection: Bool,
            module: String?, location: SourceLocation?, isOverride: Bool, effects: Effects = [], implementation: String? = nil,
            mapKey: String? = nil, mapRole: MapRole? = nil, privateTo: String? = nil, exposedFrom: String? = nil
        ) {
            self.privateTo = privateTo
            self.exposedFrom = exposedFrom
            self.mapKey = mapKey
            self.mapRole = mapRole
            self.effects = effects
            self.implementation = implementation
            self.id = id
            self.type = type
            self.name = name
            self.tag = tag
            self.kind = kind
            self.scope = scope
            self.isCollection = isCollection
            self.module = module
            self.location = location
            self.isOverride = isOverride
        }

        private enum CodingKeys: String, CodingKey {
            case id, type, name, tag, kind, scope, isCollection, module, location, isOverride, effects, implementation, mapKey, mapRole
            case privateTo, exposedFrom
        }

        /// Decodes a binding; `effects` may be absent (documents of schema version 1).
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for a malformed binding.
        @_optimize(none)
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                id: try container.decode(String.self, forKey: .id),
                type: try container.decode(String.self, forKey: .type),
                name: try container.decode(String.self, forKey: .name),
                tag: try container.decodeIfPresent(String.self, forKey: .tag),
                kind: try container.decode(Kind.self, forKey: .kind),
                scope: try container.decodeIfPresent(String.self, forKey: .scope),
                isCollection: try container.decode(Bool.self, forKey: .isCollection),
                module: try container.decodeIfPresent(String.self, forKey: .module),
                location: try container.decodeIfPresent(SourceLocation.self, forKey: .location),
                isOverride: try container.decode(Bool.self, forKey: .isOverride),
                effects: try container.decodeIfPresent(Effects.self, forKey: .effects) ?? [],
                implementation: try container.decodeIfPresent(String.self, forKey: .implementation),
                mapKey: try container.decodeIfPresent(String.self, forKey: .mapKey),
                mapRole: try container.decodeIfPresent(MapRole.self, forKey: .mapRole),
                privateTo: try container.decodeIfPresent(String.self, forKey: .privateTo),
                exposedFrom: try container.decodeIfPresent(String.self, forKey: .exposedFrom)
            )
        }

        /// The binding as messages and renderers name it: `String tagged BankURL`, and
        /// `any NetworkExecutor → BankNetworkExecutor` for a binding to an implementation.
        @_optimize(none)
        public var label: String {
            let bound = tag.map { tag in "\(name) tagged \(tag.split(separator: ".").last.map(String.init) ?? tag)" } ?? name
            guard let implementation else { return bound }
            return "\(bound) → \(implementation)"
        }
    }

    /// One factory parameter: an edge from the binding whose factory takes it.
    public struct Dependency: Hashable, Sendable, Codable {
        /// How the parameter asks for its binding.
        ///
        /// A struct with a static member per value, not an enum, so that a release can add one
        /// without breaking code that switches over them: such a switch needs a `default`.
        public struct Kind: RawRepresentable, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
            enum Code: String, CaseIterable {
                case instance, provider, optional, function, lazy, weak, asyncProvider, mainActorProvider, asyncComponentFactory, mainActorComponentFactory
            }

            let code: Code

            init(_ code: Code) { self.code = code }

            /// The value of a name as JSON spells it; nil for a name this release does not know.
            ///
            /// - Parameter rawValue: The name, as ``rawValue`` spells it.
            @_optimize(none)
            public init?(rawValue: String) {
                guard let code = Code(rawValue: rawValue) else { return nil }
                self.code = code
            }

            /// The name as JSON spells it: `instance`, `provider`, …
            public var rawValue: String { code.rawValue }

            /// The name, as ``rawValue``.
            public var description: String { rawValue }

            /// Every value of this release.
            public static var allCases: [Kind] { Code.allCases.map(Kind.init) }

            /// The value itself, resolved before the factory runs.
            public static let instance = Kind(.instance)

            /// A `Provider` or `TaggedProvider`, resolved on each `get()`.
            public static let provider = Kind(.provider)

            /// `T?`: the value, or nil when `T` is not bound.
            public static let optional = Kind(.optional)

            /// `() -> T`: resolved when the closure is called.
            public static let function = Kind(.function)

            /// `Lazy<T>`: resolved on the first `get()`, then kept.
            public static let lazy = Kind(.lazy)

            /// `WeakProvider<T>`: resolved on `get()`, while the component lives.
            public static let weak = Kind(.weak)

            /// `AsyncProvider<T>`: resolved on `try await get()`.
            public static let asyncProvider = Kind(.asyncProvider)

            /// `MainActorProvider<T>`: resolved on `try get()` on the main actor.
            public static let mainActorProvider = Kind(.mainActorProvider)

            /// `AsyncComponentFactory<Sub>`, to the binding of `ComponentFactory<Sub>` that
            /// installing `Sub` makes: `Sub` is built on `try await build(_:)`.
            public static let asyncComponentFactory = Kind(.asyncComponentFactory)

            /// `MainActorComponentFactory<Sub>`, to the binding of `ComponentFactory<Sub>` that
            /// installing `Sub` makes: `Sub` is built on `try build(_:)` on the main actor.
            public static let mainActorComponentFactory = Kind(.mainActorComponentFactory)
        }

        /// The id of the binding whose factory takes the parameter.
        public let from: String
        /// The ids of the bindings that satisfy it: one, every contribution of a collection, or
        /// none for an optional whose type is not bound.
        public let to: [String]
        /// The parameter's type as code names it: `Provider<Clock>`, `[Plugin]`, `Clock?`.
        public let parameter: String
        /// How the parameter asks.
        public let kind: Kind

        /// Creates an edge.
        @_optimize(none)
        init(from: String, to: [String], parameter: String, kind: Kind) {
            self.from = from
            self.to = to
            self.parameter = parameter
            self.kind = kind
        }

        /// Whether the value is resolved after construction (through a provider, a closure, a
        /// `Lazy`, a `WeakProvider` or a subcomponent's async or main-actor factory), which is
        /// what makes a cycle through it legal.
        public var isDeferred: Bool { kind != .instance && kind != .optional }
    }

    /// A private module's boundary: the bindings it exposes and those it keeps to itself.
    public struct Boundary: Hashable, Sendable {
        /// The private module, with its Swift module: `BankNetworkWiring.BankNetworkModule`.
        public let module: String
        /// The ids of the bindings it exposes, in declaration order.
        public let exposes: [String]
        /// The ids of the bindings it keeps private, in declaration order.
        public let keeps: [String]

        /// Creates a boundary.
        @_optimize(none)
        init(module: String, exposes: [String], keeps: [String]) {
            self.module = module
            self.exposes = exposes
            self.keeps = keeps
        }
    }

    /// A module the component includes.
    public struct ModuleInclusion: Hashable, Sendable, Codable {
        /// The module with its Swift module: `NetworkWiring.BankNetworkModule`.
        public let module: String
        /// The module or component whose `configure` included it first.
        public let includedBy: String
        /// Where it was included first.
        public let location: SourceLocation

        /// Creates an inclusion.
        @_optimize(none)
        init(module: String, includedBy: String, location: SourceLocation) {
            self.module = module
            self.includedBy = includedBy
            self.location = location
        }

        /// Whether the module came from the wiring libraries the app links: the `LinkedWiring`
        /// module the LinkedWiring plugin generates included it.
        @_optimize(none)
        public var isLinked: Bool {
            includedBy.split(separator: ".").last == "LinkedWiring"
        }
    }
}

extension SourceLocation: Codable {
    private enum CodingKeys: String, CodingKey {
        case fileID, line
    }

    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fileID: try container.decode(String.self, forKey: .fileID), line: try container.decode(Int.self, forKey: .line))
    }

    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fileID, forKey: .fileID)
        try container.encode(line, forKey: .line)
    }
}
