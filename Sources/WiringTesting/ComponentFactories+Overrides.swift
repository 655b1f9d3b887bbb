@_spi(Testing) public import Wiring

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
