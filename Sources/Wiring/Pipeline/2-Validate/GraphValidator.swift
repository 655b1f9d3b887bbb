/// Runs the validation rules (``GraphRules/all``) over a component and keeps what each finds at
/// the rule's place in the list, so that the diagnostics of a rule of the `.tree` stage land
/// among those of the `.component` stage in the list's order.
enum GraphValidator {
    /// The diagnostics of one component, by the position in ``GraphRules/all`` of the rule that
    /// found them.
    struct Findings {
        /// Empty until a rule finds something: a sound graph allocates nothing here.
        private var byRule: [[Diagnostic]] = []

        /// Every diagnostic, in the order of the rules that found them.
        var all: [Diagnostic] {
            byRule.isEmpty ? [] : byRule.flatMap(\.self)
        }

        /// Adds a diagnostic that preparing the tree found, in `rule`'s place in the order.
        mutating func add(_ diagnostic: Diagnostic, as rule: any GraphRule.Type) {
            guard let index = GraphRules.all.firstIndex(where: { ObjectIdentifier($0) == ObjectIdentifier(rule) }) else { return }
            add([diagnostic], rule: index)
        }

        fileprivate mutating func add(_ diagnostics: [Diagnostic], rule: Int) {
            if byRule.isEmpty {
                byRule = Array(repeating: [], count: GraphRules.all.count)
            }
            byRule[rule] += diagnostics
        }
    }

    /// Runs every rule of `stage` that is on, in list order, over the context's component, and
    /// adds what they find to `findings`; a subcomponent's diagnostics get its path as their
    /// second line.
    static func diagnose(_ context: GraphRuleContext, stage: GraphRuleStage, into findings: inout Findings) {
        let rules = GraphRules.all
        for index in rules.indices {
            let rule = rules[index]
            guard rule.stage == stage else { continue }
            if let option = rule.option, !context.rules.contains(option) { continue }
            var found = rule.diagnose(context)
            guard !found.isEmpty else { continue }
            if context.graph.parent != nil {
                found = found.map { $0.locatedIn(context.graph.path) }
            }
            findings.add(found, rule: index)
        }
    }
}

extension Diagnostic {
    /// The diagnostic with the path of components it belongs to as its second line, for the
    /// diagnostics of subcomponents.
    fileprivate func locatedIn(_ path: [String]) -> Diagnostic {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        lines.insert("  in \(path.joined(separator: " > "))", at: 1)
        return Diagnostic(kind: kind, message: lines.joined(separator: "\n"), location: location)
    }
}
