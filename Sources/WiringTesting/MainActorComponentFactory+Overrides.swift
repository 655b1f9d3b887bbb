@_spi(Testing) public import Wiring

extension MainActorComponentFactory where C: RootComponent {
    /// Builds the main-actor factory of a component with some bindings replaced, for one test:
    /// the same as `ComponentFactory.of(_:rules:replacing:)`, for a root whose path has
    /// `@MainActor` or throwing bindings and is built on the main actor.
    ///
    /// ```swift
    /// let factory = try MainActorComponentFactory.of(WalletComponent.self, replacing: { binder in
    ///     binder.bind(Keychain.self).to { Keychain(service: "tests") }
    /// })
    /// let wallet = try factory.build()   // on the main actor
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
    ) throws(ValidationError) -> MainActorComponentFactory<C> {
        try of(componentType, rules: rules, overriding: replacements)
    }
}
