/// Every validation rule, in the order their diagnostics appear in a ``ValidationError``.
///
/// Within one component, the diagnostics of a rule come after those of every rule above it,
/// whatever its stage; a component's come before its subcomponents' (depth first). The order is
/// documented, kind by kind, in ``ValidationError/diagnostics``, and `ValidationRuleListTests`
/// checks that the documentation follows this list. Adding a rule: a file under `Rules/` and
/// one line here (ARCHITECTURE.md, "Adding a rule").
enum GraphRules {
    static let all: [any GraphRule.Type] = [
        ScopeRule.self,
        UnfinishedBindingRule.self,
        OverrideRule.self,
        OverrideRule.InSubcomponents.self,
        DuplicateBindingRule.self,
        MapKeyRule.self,
        RootBindingRule.self,
        MissingBindingRule.self,
        PrivateBindingRule.self,
        DependencyCycleRule.self,
        EffectRule.self,
        EffectRule.SubcomponentFactories.self,
        WiringRule.self,
    ]
}
