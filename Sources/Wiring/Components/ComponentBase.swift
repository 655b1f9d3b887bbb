/// What root components and subcomponents have in common: a root type, a seed, a scope and
/// the bindings that make the root.
///
/// Implement ``RootComponent`` rather than this protocol.
public protocol ComponentBase: SendableMetatype {
    /// The value given to ``ComponentFactory/build(_:)-6sigw``. It is bound in the graph, so any
    /// factory can take it as a parameter. `Void` by default.
    associatedtype Seed = Void

    /// The type that ``ComponentFactory/build(_:)-6sigw`` returns.
    associatedtype Root

    /// The scope of the component: bindings shared in this scope live once per built instance.
    associatedtype Scope: _ScopeBase = Unscoped

    /// Declares the component's bindings, usually by including modules.
    ///
    /// - Parameter binder: The binder that records the bindings.
    static func configure(binder: Binder<Scope>)

    /// Declares how the root is made from the graph.
    ///
    /// ```swift
    /// static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
    ///     bind.to(factory: ATMDepositer.init)
    /// }
    /// ```
    ///
    /// - Parameter bind: The binder of the root.
    /// - Returns: The receipt that ``ReceiptBinder/to(value:file:line:)`` or a
    ///   `to(factory:)` call returns.
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root>
}
