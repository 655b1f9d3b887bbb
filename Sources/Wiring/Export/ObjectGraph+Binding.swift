extension ObjectGraph {
    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
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
        /// Where the binding was declared; nil for the seed and for a root made by the default
        /// `configureRoot`, which no line of the app declares.
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
}
