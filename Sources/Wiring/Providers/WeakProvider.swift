/// Gives a bound value on demand without keeping its component alive: ``get()`` returns nil once
/// the built component is gone.
///
/// Use it for back references from objects the component outlives, such as a delegate that
/// asks the graph for its owner: a cycle through a `WeakProvider` is legal.
///
/// ```swift
/// final class Teller {
///     let ledger: WeakProvider<Ledger>
///     init(ledger: WeakProvider<Ledger>) { self.ledger = ledger }
///     func balance() -> Int? { ledger.get()?.balance }
/// }
/// ```
public struct WeakProvider<Wrapped>: ProviderProtocol {
    /// The type ``get()`` returns.
    public typealias Element = Wrapped?

    private let getter: @Sendable () -> Wrapped?

    init(instance: ComponentInstance, resolve: @escaping Resolver<Wrapped>) {
        // A weak reference can become a strong one on another thread: the instance escapes.
        instance.escape()
        let reference = WeakInstance(instance)
        getter = {
            guard let instance = reference.instance else { return nil }
            return resolve(instance)
        }
    }

    /// Creates a weak provider from a function, for tests.
    ///
    /// - Parameter getter: Gives the value, or nil.
    public init(getter: @escaping @Sendable () -> Wrapped?) {
        self.getter = getter
    }

    /// The value, made or found in its component; nil once that component has been released.
    public func get() -> Wrapped? {
        getter()
    }
}

extension WeakProvider: Sendable where Wrapped: Sendable {}

/// A weak reference to a component instance.
private final class WeakInstance: @unchecked Sendable {
    // Safe to share: the reference is set once, in `init`; reading a weak reference is atomic.
    weak let instance: ComponentInstance?

    init(_ instance: ComponentInstance) {
        self.instance = instance
    }
}

extension WeakProvider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(Wrapped.self) }
    @usableFromInline static var requestKind: RequestKind { .weak }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<WeakProvider<Wrapped>> {
        let node = linkedNode(node, of: Wrapped.self)
        return { instance in WeakProvider(instance: instance, resolve: node.resolver(as: Wrapped.self)) }
    }
}

/// Spelled from its argument, so that messages write `WeakProvider<any P>` as code does.
extension WeakProvider: SpelledGenericType {
    static var spelledName: String { "WeakProvider<\(TypeName.of(Wrapped.self))>" }
}
