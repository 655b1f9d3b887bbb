extension GraphCheck {
    /// One module of a library, as the checks see it.
    struct ModuleInfo {
        var library: String
        var key: String
        var name: String
        /// Each `configure` body, the file that holds it, and the modules that file imports.
        var bodies: [(body: ConfigureBody, file: String, imports: [String])] = []
        var inheritance: [String] = []
        var declaresSeed = false
        var rootTypes: [String] = []
        /// Whether the library declares the type (not only extends it, nor nests it in an
        /// extension): `of` names its Swift module then, which the sibling-library rule reads.
        var isDeclaredHere = false
    }
}
