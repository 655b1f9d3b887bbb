/// Gives a bound value on demand, so that a factory can defer, repeat or skip a request.
///
/// Take `Provider<T>` instead of `T` as a factory parameter when the value is needed later, more
/// than once, or not at all. Each ``get()`` of an unscoped binding makes a new value; a binding
/// shared in its scope gives the same value every time. A provider also breaks a dependency
/// cycle: `A` may take `Provider<B>` while `B` takes `A`.
///
/// ```swift
/// struct ReceiptPrinter {
///     let clock: Provider<Clock>
///     func stamp() -> String { clock.get().now.formatted() }
/// }
/// ```
///
/// `get()` follows pre-linked resolvers: no lookup and no cast.
public struct Provider<Element>: ProviderProtocol {
    @usableFromInline let instance: SharedInstance
    @usableFromInline let resolve: Resolver<Element>

    @inlinable
    init(instance: ComponentInstance, resolve: @escaping Resolver<Element>) {
        self.instance = SharedInstance(instance)
        self.resolve = resolve
    }

    /// A provider in an instance already marked as escaping: one of many made at once.
    init(shared instance: SharedInstance, resolve: @escaping Resolver<Element>) {
        self.instance = instance
        self.resolve = resolve
    }

    /// Creates a provider that calls `getter` on every ``get()``; useful in tests.
    ///
    /// - Parameter getter: The function that makes the value.
    public init(getter: @escaping @Sendable () -> Element) {
        self.init(instance: detachedInstance.instance, resolve: { _ in getter() })
    }

    /// The value: a new one on every call for an unscoped binding, the shared one for a binding
    /// shared in its scope.
    @inlinable
    public func get() -> Element {
        resolve(instance.instance)
    }
}

extension Provider: Sendable where Element: Sendable {}

extension Provider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(Element.self) }
    @usableFromInline static var requestKind: RequestKind { .provider }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<Provider<Element>> {
        let node = linkedNode(node, of: Element.self)
        return { instance in Provider(instance: instance, resolve: node.resolver(as: Element.self)) }
    }
}

/// The node a provider-like wrapper reads, which validation guarantees is there.
func linkedNode<T>(_ node: AnyNode?, of type: T.Type) -> AnyNode {
    guard let node else { preconditionFailure("Wiring internal error: a provider of \(T.self) was linked without its binding.") }
    return node
}

/// The instance of providers made outside a graph, with `Provider(getter:)` or `Provider(value:)`.
@usableFromInline
let detachedInstance: SharedInstance = {
    SharedInstance(ComponentInstance.make(layout: InstanceLayoutBuilder().layout(), parent: nil))
}()

/// Spelled from its argument, so that messages write `Provider<any P>` as code does.
extension Provider: SpelledGenericType {
    static var spelledName: String { "Provider<\(TypeName.of(Element.self))>" }
}
