extension GraphCheck {
    /// The names one core library a wiring library can see declares.
    public struct CoreLibrary: Equatable, Sendable {
        /// Its Swift module name.
        public var module: String
        /// What it declares under each name; nil when one of its files could not be read (each
        /// name it might declare is then unsure).
        public var names: [String: NameEntry]?
        /// Its types and initialisers, for the typed checks; nil when unknown.
        public var facts: DeclarationFacts?

        /// Creates a core library from what its files declare.
        @_optimize(none)
        public init(module: String, names: [String: NameEntry]?, facts: DeclarationFacts? = nil) {
            self.module = module
            self.names = names
            self.facts = names == nil ? nil : facts
        }

        /// Creates a core library from its scanned files.
        @_optimize(none)
        public init(module: String, files: [ScannedFile]?) {
            // The names from the facts, as the generator makes them from its summaries.
            let facts = files.map(DeclarationFacts.init(files:))
            self.init(module: module, names: facts.map { GraphCheck.names(of: $0) }, facts: facts)
        }
    }
}
