/// The scope a module's `configure` binds in, as its source spells it.
public enum ModuleScope: Equatable, Sendable {
    /// `Unscoped`: the module fits any binder.
    case unscoped
    /// `Singleton`: the module fits a root whose binder is `Binder<Singleton>`.
    case singleton
    /// Any other scope: the module belongs to the subcomponent of that scope.
    case other(String)
}
