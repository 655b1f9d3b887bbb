extension GraphCheck {
    /// One linked wiring library, scanned.
    package struct Library: Equatable, Sendable {
        /// Its Swift module name.
        package var module: String
        /// Its scanned files.
        package var files: [ScannedFile]
        /// The core libraries it can see (its dependencies, recursively).
        package var dependencies: [String]

        /// Creates a library.
        @_optimize(none)
        package init(module: String, files: [ScannedFile], dependencies: [String]) {
            self.module = module
            self.files = files
            self.dependencies = dependencies
        }
    }
}
