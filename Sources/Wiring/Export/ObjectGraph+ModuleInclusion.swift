extension ObjectGraph {
    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
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
