extension GraphCheck {
    /// What the app target's own sources say about its graph.
    public struct App: Equatable, Sendable {
        /// Whether a root includes `LinkedWiring` (`module: LinkedWiring.self` appears in the
        /// target): when none does, `of` never sees the linked modules, and nothing is reported.
        public var includesLinkedWiring: Bool
        /// Every word of the target's sources: a linked module the app names itself may be
        /// included before `LinkedWiring` includes it, so the order-sensitive checks stand down.
        public var words: Set<String>
        /// Whether the target includes a module other than `LinkedWiring`, or passes
        /// replacements to `of`: either may change where a linked module's `configure` runs, or
        /// what it binds, so the order-sensitive checks stand down.
        public var changesTheGraph: Bool
        /// Whether the app's own sources may bind types (`.bind(`, `install`, a `Seed`, a root
        /// that uses its binder for more than includes): the missing-binding check then cannot
        /// know the whole graph and stands down.
        public var addsBindings: Bool
        /// Whether the app surely asks `of` for the sibling-library rule on a root that includes
        /// `LinkedWiring` (see ``GraphCheck/App/validatesWithTheSiblingRule(tokens:files:)``):
        /// a binding that breaks it is then an error, and a warning otherwise.
        public var asksForTheSiblingRule: Bool
        /// The types the app's roots bind, as written, that the app does not declare (see
        /// ``GraphCheck/App/rootTypes(_:)``): the missing-binding check stands down unless it
        /// can pin each to one declaration it reads.
        public var rootTypes: [String]

        /// Creates the app's summary.
        @_optimize(none)
        public init(
            includesLinkedWiring: Bool, words: Set<String>, changesTheGraph: Bool = false, addsBindings: Bool = true,
            asksForTheSiblingRule: Bool = false, rootTypes: [String] = []
        ) {
            self.includesLinkedWiring = includesLinkedWiring
            self.words = words
            self.changesTheGraph = changesTheGraph
            self.addsBindings = addsBindings
            self.asksForTheSiblingRule = asksForTheSiblingRule
            self.rootTypes = rootTypes
        }

        /// The summary of an app target's scanned sources.
        @_optimize(none)
        public init(tokens: [[Token]]) {
            var words: Set<String> = []
            var includes = false
            var changes = false
            var adds = false
            for file in tokens {
                for (index, token) in file.enumerated() where token.kind == .word {
                    words.insert(token.text)
                    if token.text == "replacing" { changes = true }
                    if ["install", "Seed", "configured", "bindSeed", "seed", "expose", "intoCollection", "intoMap"].contains(token.text)
                        || token.text == "bind" && index > 0 && file[index - 1].text == "." {
                        adds = true
                    }
                    guard token.text == "include", index + 3 < file.count, file[index + 1].text == "(",
                          file[index + 2].text == "module", file[index + 3].text == ":" else { continue }
                    if index + 6 < file.count, file[index + 4].text == "LinkedWiring", file[index + 5].text == ".",
                       file[index + 6].text == "self" {
                        includes = true
                        // A root that conforms to a protocol of its own may have a `Seed` fixed
                        // there, in a module the reading does not see.
                        if !Self.enclosingTypeConformsToWiringAlone(file, before: index) { adds = true }
                        // A root that does more with its binder may bind anything.
                        if Self.rootMayUseItsBinderOtherwise(file, include: index) { adds = true }
                    } else {
                        changes = true
                    }
                }
            }
            self.init(
                includesLinkedWiring: includes, words: words, changesTheGraph: changes, addsBindings: adds, rootTypes: Self.rootTypes(tokens)
            )
        }

        /// The words a root's declaration may inherit that fix nothing of its graph.
        static let wiringRootWords: Set<String> = [
            "RootComponent", "Component", "ComponentBase", "Wiring", "Cleanse", "WiringCleanse", "Sendable", "Swift",
            "MainActor", "preconcurrency", "unchecked",
        ]

        /// Whether the type whose body holds the token at `index` is declared there (not in an
        /// extension) inheriting only Wiring's root protocols and `Sendable`: a protocol of the
        /// app's or of another module (`PricedRoot`, `where Seed == Price`) may add to its graph.
        @_optimize(none)
        static func enclosingTypeConformsToWiringAlone(_ file: [Token], before index: Int) -> Bool {
            let kinds: Set<String> = ["struct", "class", "enum", "actor", "extension"]
            let verdict = enclosingHeaders(file, before: index) { header, _ -> Bool? in
                guard let keyword = header.firstIndex(where: { $0.kind == .word && kinds.contains($0.text) }) else { return nil }
                guard file[keyword].text != "extension" else { return false }
                guard let colon = header[keyword...].firstIndex(where: { $0.kind == .symbol && $0.text == ":" }) else { return false }
                let inherited = header[(colon + 1)...].prefix { !($0.kind == .word && $0.text == "where") }
                return inherited.allSatisfy { $0.kind != .word || wiringRootWords.contains($0.text) }
            }
            return verdict ?? false
        }

        /// Reads the headers of the scopes around the token at `index`, innermost first, each
        /// from the statement before its opening brace to that brace (the brace's index beside
        /// it), until `read` answers; nil when no header gives an answer.
        @_optimize(none)
        static func enclosingHeaders<Answer>(
            _ file: [Token], before index: Int, _ read: (_ header: ArraySlice<Token>, _ open: Int) -> Answer?
        ) -> Answer? {
            var depth = 0
            var position = index - 1
            while position >= 0 {
                let token = file[position]
                if token.kind == .symbol, token.text == "}" { depth += 1 }
                if token.kind == .symbol, token.text == "{" {
                    if depth > 0 {
                        depth -= 1
                    } else {
                        // A scope opens here: read its header, back to the statement before it.
                        var start = position - 1
                        while start >= 0, !(file[start].kind == .symbol && ["{", "}", ";"].contains(file[start].text)) { start -= 1 }
                        if let answer = read(file[(start + 1)..<position], position) { return answer }
                    }
                }
                position -= 1
            }
            return nil
        }
    }
}
