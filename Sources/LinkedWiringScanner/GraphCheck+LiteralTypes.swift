/// The default types of literals, which a module may redefine: Swift gives a literal that
/// nothing else types the type its module names `StringLiteralType` (a string literal),
/// `UnicodeScalarType` (one of a single scalar, `"h"`), `ExtendedGraphemeClusterType` (one of a
/// single character) or `IntegerLiteralType`, and the standard library's `String` and `Int`
/// only when the module declares none. `intoMap(key: "home")` in a module with
/// `typealias StringLiteralType = Substring` contributes to `[Substring: …]`, not `[String: …]`.
extension GraphCheck {
    /// The names that redefine the default type of a string literal.
    static let stringLiteralTypeNames = ["StringLiteralType", "UnicodeScalarType", "ExtendedGraphemeClusterType"]
    /// The name that redefines the default type of an integer literal.
    static let integerLiteralTypeNames = ["IntegerLiteralType"]

    /// Whether a map key written as `literal` (`"home"`, `7`) may not have the standard
    /// library's type: some module the check reads declares a type or typealias, at any level,
    /// with a name that redefines the default type of its kind of literal. The check cannot
    /// tell which literals such a name reaches (its own module's, and perhaps an importer's), so
    /// it trusts no key of that kind.
    @_optimize(none)
    func literalTypeMayBeRedefined(_ literal: String) -> Bool {
        let redefining = literal.hasPrefix("\"") ? Self.stringLiteralTypeNames : Self.integerLiteralTypeNames
        return names.values.contains { declared in redefining.contains { declared[$0] != nil } }
    }
}
