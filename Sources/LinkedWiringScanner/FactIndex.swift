/// One module's facts by name, made once per run: the typed checks look types, initialisers and
/// typealiases up for every binding, and a scan of every fact per lookup made a 6,000-binding app
/// spend minutes in the plugin.
struct FactIndex {
    /// The top-level types of each name.
    var types: [String: [DeclarationFacts.TypeFact]] = [:]
    /// The initialisers of each owner's last name.
    var inits: [String: [DeclarationFacts.InitFact]] = [:]
    /// The typealiases of each name, at any level.
    var aliases: [String: [ScannedTypealias]] = [:]
    /// The names of nested types.
    var nestedTypes: Set<String> = []

    @_optimize(none)
    init(_ facts: DeclarationFacts) {
        for type in facts.types { types[type.name, default: []].append(type) }
        for fact in facts.inits { inits[fact.owner, default: []].append(fact) }
        for alias in facts.aliases { aliases[alias.name, default: []].append(alias) }
        nestedTypes = Set(facts.nestedTypes)
    }
}
