extension GraphBuilder {
    /// Runs the component's `configure` and `configureRoot` and binds its seed.
    func configure<C: ComponentBase>(_ component: C.Type) {
        setScope(C.Scope.self)
        if C.Seed.self != Void.self {
            setSeed(SeedBinding.declaration(for: C.Seed.self, component: C.self))
        }
        C.configure(binder: Binder<C.Scope>(graph: self))
        _ = C.configureRoot(binder: ReceiptBinder { [self] recipe in
            setRoot(RootDeclaration(recipe: recipe, key: BindingKey(C.Root.self), site: recipe.site, declaringModule: C.self))
            return BindingReceipt()
        })
    }
}
