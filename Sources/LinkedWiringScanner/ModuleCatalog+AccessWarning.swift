/// The warning for a module `LinkedWiring` leaves out only for its access level: a module left
/// `internal` by mistake would otherwise be missing from the root with no word at build time.
extension ModuleCatalog {
    /// The message of the warning at a module's declaration.
    ///
    /// - Parameters:
    ///   - module: The module, qualified by its library (`StorageWiring.SessionModule`).
    ///   - access: The access level written on the type that is not public (`internal`,
    ///     `package`), or nil when none is written.
    ///   - enclosing: The type the module is nested in that is not public, or nil when the module
    ///     itself is not.
    /// - Returns: What is wrong, and the two ways to fix it.
    @_optimize(none)
    static func leftOutForAccess(module: String, access: String?, enclosing: String?) -> String {
        let level = access ?? "internal (no access level is written)"
        let why = enclosing.map { "\($0), which it is nested in, is \(level)" } ?? "it is \(level)"
        let what = enclosing.map { "\($0) and the module" } ?? "it"
        return "the module \(module) is left out of LinkedWiring because \(why), and LinkedWiring includes only public modules. "
            + "To fix this, make \(what) public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` "
            + "on the line above its declaration and include it yourself."
    }
}
