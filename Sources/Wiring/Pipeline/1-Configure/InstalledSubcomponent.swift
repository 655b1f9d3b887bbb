/// A subcomponent installed in a component: the binding of its `ComponentFactory` in the parent,
/// and how to prepare and link its own graph under the parent's. ``Subcomponent`` is the only
/// conforming type; the protocol hides its component type from the parent's pipeline.
protocol InstalledSubcomponent: AnyObject {
    /// The `install(dependency:)` call.
    var site: CallSite { get }
    /// The module (or component) whose `configure` installed the subcomponent.
    var installedBy: any Any.Type { get }
    /// The binding of the subcomponent's factory in the parent.
    var declaration: AnyDeclaration { get }

    /// Configures, resolves and validates the subcomponent's graph under its parent's (stages 1
    /// and 2).
    func prepare(parent: ResolvedGraph, rules: ValidationRules) -> PreparedComponent

    /// Links the prepared graph after its parent's (stage 3).
    func link(_ prepared: PreparedComponent) -> GraphDescription
}
