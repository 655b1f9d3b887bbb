/// A module `LinkedWiring` includes.
public struct IncludedModule: Equatable, Sendable {
    /// The Swift module of the wiring library that declares it.
    public var library: String
    /// The type as the generated file writes it (`NetworkWiring.BankNetworkModule`; with a
    /// module selector, `CoreWiring::CoreModule`, for a library that declares a type named like
    /// itself).
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

    /// The module's name in its library: the reference without the library's qualification
    /// (`BankNetworkModule`), or as written for a module declared in an extension of another
    /// module's type (`Account.Module`).
    @_optimize(none)
    public var key: String {
        for separator in ["::", "."] where reference.hasPrefix(library + separator) {
            return String(reference.dropFirst(library.count + separator.count))
        }
        return reference
    }
}
