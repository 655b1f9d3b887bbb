/// Optional checks that ``ComponentFactory/of(_:rules:)`` runs on top of the graph's
/// soundness.
///
/// ```swift
/// let factory = try ComponentFactory.of(ApplicationRootComponent.self, rules: .all)
/// ```
public struct ValidationRules: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Rule 2 of wiring libraries: a module declared in a Swift module named `FooWiring` binds
    /// only types of `Foo`; a `FakeFooWiring` may also bind `Foo`'s types (to `FakeFoo`'s
    /// implementations). A tagged binding belongs to its tag's module, a collection contribution
    /// to its element type's. A map's entries are exempt: a map is a registry that many
    /// libraries contribute to.
    public static let siblingBindingsOnly = ValidationRules(rawValue: 1 << 0)

    /// Every optional rule.
    public static let all: ValidationRules = [.siblingBindingsOnly]
}
