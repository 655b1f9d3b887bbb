/// A subcomponent: a graph built from inside another graph, which sees its parent's bindings.
///
/// A parent installs it with ``Binder/install(dependency:file:line:)``; anything in the parent can
/// then take a ``ComponentFactory`` of it and build as many instances as it likes, each with its
/// own seed and its own shared instances:
///
/// ```swift
/// struct SessionComponent: Component {
///     typealias Seed = TaggedProvider<CustomerID>
///     typealias Root = Session
///
///     static func configure(binder: Binder<SessionScope>) {
///         binder.bind(Session.self).sharedInScope().to(factory: Session.init)
///     }
///
///     static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
///         bind.to { (session: Session) in session }
///     }
/// }
/// ```
///
/// A subcomponent's scope must differ from every ancestor's; bindings shared in it live once per
/// built subcomponent. Collection bindings are additive: the subcomponent's `[Element]` holds its
/// own contributions, then its parent's, then its grandparent's (Cleanse's order).
/// ``ComponentFactory/of(_:)`` validates every installed subcomponent with its root.
///
/// A subcomponent whose root's path throws, awaits or runs on the main actor is built through
/// ``AsyncComponentFactory`` (`try await build(_:)`) or ``MainActorComponentFactory``
/// (`try build(_:)` on the main actor) of it, taken as a parameter exactly like its
/// ``ComponentFactory``; `of` reports a factory that cannot run those effects where it is taken.
public protocol Component: ComponentBase {}
