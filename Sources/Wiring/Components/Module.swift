/// A set of bindings, the building block of an object graph.
///
/// A module declares how the types of one library are made. In the wiring-library pattern a
/// module lives in a wiring library (`NetworkWiring`) beside the core library it binds
/// (`Network`), and binds only that library's types.
///
/// ```swift
/// public struct ATMLibModule: Module {
///     public static func configure(binder: Binder<Unscoped>) {
///         binder.bind(ATMDepositer.self).to(factory: ATMDepositer.init)
///     }
/// }
/// ```
///
/// ``ComponentFactory/of(_:)`` calls `configure` exactly once per module, however many
/// times the module is included, and never again when the component is built.
public protocol Module {
    /// The scope the module's shared bindings belong to; ``Unscoped`` by default.
    ///
    /// A module with a scope can only be included by a binder of the same scope.
    associatedtype Scope: _ScopeBase = Unscoped

    /// Declares the module's bindings and the modules it includes.
    ///
    /// - Parameter binder: The binder that records the bindings.
    static func configure(binder: Binder<Scope>)
}
