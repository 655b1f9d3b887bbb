/// The warning for a module `LinkedWiring` leaves out because it cannot read its scope: a name
/// that is not `Unscoped` or `Singleton`, nor a typealias of one the scan can follow, nor a scope
/// type of the library. The module may fit the root after all, and the root would then miss its
/// bindings at launch with no word of why.
extension ModuleCatalog {
    /// Why such a module is left out, for the generated file's list.
    ///
    /// - Parameter scope: The scope as the module writes it (`AppScope`).
    @_optimize(none)
    static func unreadScopeReason(_ scope: String) -> String {
        "its scope \(scope) is not one LinkedWiring can read; spell it Singleton or Unscoped, or mark the module // linked-wiring: exclude"
    }

    /// The message of the warning at the module's declaration.
    ///
    /// - Parameters:
    ///   - module: The module, qualified by its library (`CoreWiring.StoreModule`).
    ///   - scope: The scope as the module writes it (`AppScope`).
    /// - Returns: What is wrong, and the ways to fix it.
    @_optimize(none)
    func leftOutForUnreadScope(module: String, scope: String) -> String {
        "the module \(module) is left out of LinkedWiring because it cannot read its scope, \(scope): that is neither Unscoped nor "
            + "Singleton, nor a typealias of one that it can follow (declared once, outside every type, not generic, not under #if), nor a "
            + "type of \(library) that conforms to Scope. To fix this, spell the scope Singleton or Unscoped (Binder<Singleton>, or "
            + "typealias Scope = Singleton), or, if the module belongs to a subcomponent or is meant to be included by hand, mark it "
            + "`// linked-wiring: exclude` on the line above its declaration and include it yourself."
    }
}
