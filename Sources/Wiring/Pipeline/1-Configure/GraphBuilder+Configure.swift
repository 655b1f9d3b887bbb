extension GraphBuilder {
    /// The entry of stage 1, configuration: runs the component's `configure` and
    /// `configureRoot`, binds its seed, then declares the test overrides, if any.
    ///
    /// - Parameters:
    ///   - component: The component.
    ///   - overrides: Bindings that replace the component's own (for tests), or nil.
    func configure<C: ComponentBase>(_ component: C.Type, overrides: ((Binder<C.Scope>) -> Void)? = nil) {
        setScope(C.Scope.self)
        if C.Seed.self != Void.self {
            setSeed(SeedBinding.declaration(for: C.Seed.self, component: C.self))
        }
        C.configure(binder: Binder<C.Scope>(graph: self))
        _ = C.configureRoot(binder: ReceiptBinder { [self] recipe, effects, carriesEffects in
            setRoot(RootDeclaration(
                recipe: recipe, key: BindingKey(C.Root.self), site: recipe.site, declaringModule: C.self, effects: effects,
                carriesEffects: carriesEffects
            ))
            return BindingReceipt()
        })
        if let overrides {
            declareOverrides { overrides(Binder<C.Scope>(graph: self)) }
        }
    }
}
