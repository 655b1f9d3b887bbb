/// The top of an object graph: the component an app builds at start-up.
///
/// ```swift
/// struct ApplicationRootComponent: RootComponent {
///     typealias Root = ATMDepositer
///
///     static func configure(binder: Binder<Singleton>) {
///         binder.include(module: ATMLibModule.self)
///         binder.include(module: BankNetworkModule.self)
///     }
///
///     static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
///         bind.to(factory: ATMDepositer.init)
///     }
/// }
///
/// let factory = try ComponentFactory.of(ApplicationRootComponent.self)
/// let depositer = factory.build(())
/// ```
///
/// When the graph binds the root, `configureRoot` can be left out: the default takes the root
/// from the graph, an ordinary binding of its type.
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
public protocol RootComponent: ComponentBase {}
