extension ObjectGraph {
    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
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
        ///
        /// A collection's contributions come in the order of the elements `build()` makes: a
        /// subcomponent's own first, then its parent's, then its grandparent's, each level in the
        /// order of its bindings. A map's entries come in the same order, though the map keeps
        /// none.
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

        /// Whether the request itself has its value resolved after construction (through a
        /// provider, a closure, a `Lazy`, a `WeakProvider` or a subcomponent's async or
        /// main-actor factory), which is what makes a cycle through it legal. The requests of an
        /// assisted factory's binding (`Factory<F>`) and of a property injector's are resolved
        /// when the factory builds or the injector injects, so a cycle through such a binding is
        /// legal too, though their edges say `false` here: the binding defers them, not the
        /// request.
        public var isDeferred: Bool { kind != .instance && kind != .optional }
    }
}
