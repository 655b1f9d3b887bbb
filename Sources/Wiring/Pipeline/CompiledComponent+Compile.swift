/// The pipeline `ComponentFactory.of` runs, stage after stage, each in its folder:
///
/// 1. `1-Configure`: ``GraphBuilder/configure(_:overrides:)`` runs the component's `configure`
///    and `configureRoot`; out comes a ``GraphBuilder`` full of declarations.
/// 2. `2-Validate`: ``PreparedComponent/prepare(_:parent:installation:rules:overrides:entry:)``
///    configures the component, resolves every request to a key (``ResolvedGraph``), orders the
///    keys, propagates effects and runs every rule; out comes a ``PreparedComponent`` with its
///    diagnostics, and its subcomponents prepared under it (and, once they are, the requests of
///    their factories checked against the effects of their roots).
/// 3. `3-Link`: ``CompiledComponent/link(_:entry:)`` compiles a valid graph into resolvers
///    (``GraphLinker``) and the layout of its instances; out comes a ``CompiledComponent``.
/// 4. Running, over the run-time vocabulary of `0-Shared`: every `build` makes a ``ComponentInstance`` from that layout and calls the root's
///    resolver.
extension CompiledComponent {
    /// Configures, validates and links the component `C` and every subcomponent it installs.
    ///
    /// - Parameters:
    ///   - rules: The optional rules to check on top of the graph's soundness.
    ///   - overrides: Bindings that replace the component's own (for tests), or nil.
    ///   - entry: The context the root is built in: `.synchronous` for ``ComponentFactory``.
    /// - Throws: ``ValidationError`` with every problem of every graph.
    static func compile(
        rules: ValidationRules, overrides: ((Binder<C.Scope>) -> Void)? = nil, entry: EffectContext = .synchronous
    ) throws(ValidationError) -> CompiledComponent<C> {
        let prepared = PreparedComponent.prepare(C.self, parent: nil, installation: nil, rules: rules, overrides: overrides, entry: entry)
        let diagnostics = prepared.allDiagnostics
        guard diagnostics.isEmpty else {
            throw ValidationError(componentName: TypeName.of(C.self), diagnostics: diagnostics)
        }
        return link(prepared, entry: entry)
    }
}
