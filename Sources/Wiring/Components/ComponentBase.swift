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

extension ComponentBase {
    /// Takes the root from the graph: what a component gets when it leaves `configureRoot` out.
    ///
    /// The root is then an ordinary binding, declared in ``configure(binder:)`` or by a module
    /// the component includes, and the component is a few lines shorter:
    ///
    /// ```swift
    /// struct ApplicationRootComponent: RootComponent {
    ///     typealias Root = ATMDepositer
    ///
    ///     static func configure(binder: Binder<Singleton>) {
    ///         binder.include(module: ATMLibModule.self)
    ///         binder.include(module: BankNetworkModule.self)
    ///         binder.bind(ATMDepositer.self).to(factory: ATMDepositer.init)
    ///     }
    /// }
    /// ```
    ///
    /// When nothing binds the root, ``ComponentFactory/of(_:)`` reports it as a missing binding
    /// whose requirer is the root that this default takes from the graph. Write
    /// `configureRoot` yourself to make the root differently from the graph's binding of its type.
    ///
    /// - Parameter bind: The binder of the root.
    /// - Returns: The receipt of the root's binding.
    public static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: defaultRootFile, line: defaultRootLine) { (root: Root) in root }
    }
}

/// Where the default `configureRoot` binds the root: how validation tells it from a
/// `configureRoot` the component wrote (`AnyDeclaration.isDefaultRoot`). No message or export
/// shows it: it is Wiring's line, not the user's.
let defaultRootFile: StaticString = #fileID
let defaultRootLine = #line
