extension GraphCheck {
    /// One linked wiring library, scanned.
    public struct Library: Equatable, Sendable {
        /// Its Swift module name.
        public var module: String
        /// Its scanned files.
        public var files: [ScannedFile]
        /// The core libraries it can see (its dependencies, recursively).
        public var dependencies: [String]

        /// Creates a library.
        @_optimize(none)
        public init(module: String, files: [ScannedFile], dependencies: [String]) {
            self.module = module
            self.files = files
            self.dependencies = dependencies
        }
    }
}
