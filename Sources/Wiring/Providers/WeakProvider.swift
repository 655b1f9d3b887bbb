/// Gives a bound value on demand without keeping its component alive: ``get()`` returns nil once
/// the built component is gone.
///
/// Use it for back references from objects the component outlives, such as a delegate that
/// asks the graph for its owner: a cycle through a `WeakProvider` is legal.
///
/// ```swift
/// final class Teller {
///     let ledger: WeakProvider<Ledger>
///     func balance() -> Int? { ledger.get()?.balance }
/// }
/// ```
public struct WeakProvider<Wrapped> {
    /// The type ``get()`` returns.
    public typealias Element = Wrapped?

    private let reference: WeakInstance
    private let resolve: Resolver<Wrapped>

    init(instance: ComponentInstance, resolve: @escaping Resolver<Wrapped>) {
        reference = WeakInstance(instance)
        self.resolve = resolve
    }

    /// The value, made or found in its component; nil once that component has been released.
    public func get() -> Wrapped? {
        guard let instance = reference.instance else { return nil }
        return resolve(instance)
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
        return { instance in WeakProvider(instance: instance, resolve: node.resolve) }
    }
}
