extension GraphCheck {
    /// What the app target's own sources say about its graph.
    package struct App: Equatable, Sendable {
        /// Whether a root includes `LinkedWiring` (`module: LinkedWiring.self` appears in the
        /// target): when none does, `of` never sees the linked modules, and nothing is reported.
        package var includesLinkedWiring: Bool
        /// Every word of the target's sources: a linked module the app names itself may be
        /// included before `LinkedWiring` includes it, so the order-sensitive checks stand down.
        package var words: Set<String>
        /// Whether the target includes a module other than `LinkedWiring`, or passes
        /// replacements to `of`: either may change where a linked module's `configure` runs, or
        /// what it binds, so the order-sensitive checks stand down.
        package var changesTheGraph: Bool
        /// Whether the app's own sources may bind types (`.bind(`, `install`, a `Seed`): the
        /// missing-binding check then cannot know the whole graph and stands down.
        package var addsBindings: Bool
        /// Whether the app surely asks `of` for the sibling-library rule on a root that includes
        /// `LinkedWiring` (see ``GraphCheck/App/validatesWithTheSiblingRule(tokens:files:)``):
        /// a binding that breaks it is then an error, and a warning otherwise.
        package var asksForTheSiblingRule: Bool

        /// Creates the app's summary.
        @_optimize(none)
        package init(
            includesLinkedWiring: Bool, words: Set<String>, changesTheGraph: Bool = false, addsBindings: Bool = true,
            asksForTheSiblingRule: Bool = false
        ) {
            self.includesLinkedWiring = includesLinkedWiring
            self.words = words
            self.changesTheGraph = changesTheGraph
            self.addsBindings = addsBindings
            self.asksForTheSiblingRule = asksForTheSiblingRule
        }

        /// The summary of an app target's scanned sources.
        @_optimize(none)
        package init(tokens: [[Token]]) {
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
                    } else {
                        changes = true
                    }
                }
            }
            self.init(includesLinkedWiring: includes, words: words, changesTheGraph: changes, addsBindings: adds)
        }
    }
}
