/// Gives a value of the graph on each `try get()` on the main actor, running its main-actor
/// factories there: the provider to ask for when the binding is `@MainActor` (or throws) and
/// the caller, a view or a coordinator, runs on the main actor and cannot `await`.
///
/// ```swift
/// @MainActor final class Coordinator {
///     init(details: MainActorProvider<DetailsViewModel>) { ... }
///     func showDetails() throws { present(try details.get()) }
/// }
/// ```
///
/// A deferred request: taking it runs nothing. An `async` binding cannot be given here; take an
/// ``AsyncProvider`` for it (``ComponentFactory/of(_:)`` reports it).
public struct MainActorProvider<Element>: Sendable {
    private let instance: SharedInstance
    private let resolve: MainActorResolver<Element>

    init(instance: ComponentInstance, resolve: @escaping MainActorResolver<Element>) {
        self.instance = SharedInstance(instance)
        self.resolve = resolve
    }

    /// Creates a provider whose `get()` calls `getter`, for tests and for values made outside
    /// the graph.
    ///
    /// - Parameter getter: Makes the value, on the main actor.
    public init(getter: @escaping @MainActor @Sendable () throws -> Element) {
        self.init(instance: detachedInstance.instance, resolve: { _ in try getter() })
    }

    /// The value, made on the main actor: a new one each time for an unscoped binding, the
    /// component's one for a shared binding.
    ///
    /// - Returns: The value.
    /// - Throws: ``ResolutionError`` when a factory on the way throws.
    @MainActor
    public func get() throws -> Element {
        try resolve(instance.instance)
    }
}

extension MainActorProvider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(Element.self) }
    @usableFromInline static var requestKind: RequestKind { .mainActorProvider }

    @usableFromInline static func resolver(wrapping node: AnyNode?) -> Resolver<MainActorProvider<Element>> {
        let node = linkedNode(node, of: Element.self)
        return { instance in MainActorProvider(instance: instance, resolve: node.mainActorResolver(as: Element.self)) }
    }
}

/// Spelled from its argument, so that messages write `MainActorProvider<any P>` as code does.
extension MainActorProvider: SpelledGenericType {
    static var spelledName: String { "MainActorProvider<\(TypeName.of(Element.self))>" }
}
