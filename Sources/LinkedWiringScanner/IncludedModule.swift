/// A module `LinkedWiring` includes.
package struct IncludedModule: Equatable, Sendable {
    /// The Swift module of the wiring library that declares it.
    package var library: String
    /// The type as the generated file writes it (`NetworkWiring.BankNetworkModule`).
    package var reference: String
    /// Its scope: unscoped or singleton.
    package var scope: ModuleScope
    /// The `#if` conditions it is declared under, outermost first.
    package var conditions: [String]
    /// The platforms of its `@available` attributes (`macOS 15`), for an `if #available` around
    /// the include; empty when it has none.
    package var availability: [String]
    /// Modules the generated file must import besides the library, for a module declared in an
    /// extension of a type of another module.
    package var imports: [String]
}
