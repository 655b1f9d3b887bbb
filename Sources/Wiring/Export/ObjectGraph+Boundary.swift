extension ObjectGraph {
    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
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
}
