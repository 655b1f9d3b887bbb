@_spi(Testing) public import Wiring

// `of(_:rules:replacing:)` of the three component factories. Each is a public static function
// of its own type, returning that type, so the three stay: sharing one would take a public
// protocol that users could see (ARCHITECTURE.md, "What exists three times, and why"). Their body
// is one call; what they do is in `Wiring`, shared (`CompiledComponentFactory.compiling`).

extension ComponentFactory where C: RootComponent {
    /// Builds a component's factory with some bindings replaced, for one test.
    ///
    /// Every binding `replacements` declares replaces the component's bindings of the same type
    /// and tag, so a test can swap one object where swapping a whole fake module is too coarse.
    /// The replacement is explicit in the graph: its bindings have
    /// `ObjectGraph/Binding/isOverride` set, and replacing a type the component does not bind
    /// is a validation error.
    ///
    /// ```swift
    /// let factory = try ComponentFactory.of(ATMRootComponent.self, replacing: { binder in
    ///     binder.bind((any NetworkExecutor).self).to { FakeNetworkExecutor() as any NetworkExecutor }
    /// })
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
    ) throws(ValidationError) -> ComponentFactory<C> {
        try of(componentType, rules: rules, overriding: replacements)
    }
}

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
