/// A subcomponent installed in a component: the binding of its `ComponentFactory` in the parent,
/// and the component type whose graph is prepared and linked under the parent's (stages 2 and
/// 3 open it). ``Subcomponent`` is the only conforming type; the protocol hides its component
/// type from the parent's pipeline.
protocol InstalledSubcomponent: AnyObject {
    /// The `install(dependency:)` call.
    var site: CallSite { get }
    /// The module (or component) whose `configure` installed the subcomponent.
    var installedBy: any Any.Type { get }
    /// The binding of the subcomponent's factory in the parent.
    var declaration: AnyDeclaration { get }
    /// The subcomponent's type.
    var component: any ComponentBase.Type { get }
}
