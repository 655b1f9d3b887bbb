@_spi(Testing) public import Wiring

extension AsyncComponentFactory where C: RootComponent {
    /// Builds the async factory of a component with some bindings replaced, for one test: the
    /// same as `ComponentFactory.of(_:rules:replacing:)`, for a root whose path has effects.
    ///
    /// ```swift
    /// let factory = try AsyncComponentFactory.of(ATMRootComponent.self, replacing: { binder in
    ///     binder.bind((any DepositJournal).self).to { InMemoryDepositJournal() as any DepositJournal }
    /// })
    /// let atm = try await factory.build(configuration)
    /// ```
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - rules: Rules to check on top of the graph's soundness.
    ///   - replacements: Declares the replacing bindings, with the component's own binder.
    /// - Returns: The factory.
    /// - Throws: `ValidationError` with every problem, including a replacement of nothing.
    public static func of(
        _ componentType: C.Type,
        rules: ValidationRules = [],
        replacing replacements: @escaping (Binder<C.Scope>) -> Void
    ) throws(ValidationError) -> AsyncComponentFactory<C> {
        try of(componentType, rules: rules, overriding: replacements)
    }
}
