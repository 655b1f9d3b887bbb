/// A module `LinkedWiring` includes.
public struct IncludedModule: Equatable, Sendable {
    /// The Swift module of the wiring library that declares it.
    public var library: String
    /// The type as the generated file writes it (`NetworkWiring.BankNetworkModule`).
    public var reference: String
    /// Its scope: unscoped or singleton.
    public var scope: ModuleScope
    /// The `#if` conditions it is declared under, outermost first.
    public var conditions: [String]
    /// The platforms of its `@available` attributes (`macOS 15`), for an `if #available` around
    /// the include; empty when it has none.
    public var availability: [String]
    /// Modules the generated file must import besides the library, for a module declared in an
    /// extension of a type of another module.
    public var imports: [String]
}
