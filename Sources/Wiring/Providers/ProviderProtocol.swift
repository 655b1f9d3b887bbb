/// A value that gives an `Element` on demand: ``Provider`` and ``TaggedProvider``.
public protocol ProviderProtocol: SendableMetatype {
    /// The type of the provided value.
    associatedtype Element

    /// Creates a provider that calls `getter` on every ``get()``.
    ///
    /// - Parameter getter: The function that makes the value.
    init(getter: @escaping @Sendable () -> Element)

    /// The value: a new one on every call for an unscoped binding, the shared one for a binding
    /// shared in its scope.
    func get() -> Element
}

extension ProviderProtocol {
    /// Creates a provider that always gives `value`.
    ///
    /// - Parameter value: The value.
    public init(value: sending Element) {
        let sent = SentValue(value)
        self.init(getter: { sent.value })
    }

    /// Creates a provider that forwards to another provider of the same element.
    ///
    /// - Parameter other: The provider to forward to.
    public init<P: ProviderProtocol & Sendable>(other: P) where P.Element == Element {
        self.init(getter: { other.get() })
    }

    /// A provider that gives this provider's value, transformed. The transform runs on each
    /// ``get()`` of the new provider.
    ///
    /// - Parameter transform: The transform.
    /// - Returns: The transformed provider.
    public func map<NewElement>(transform: @escaping @Sendable (Element) -> NewElement) -> Provider<NewElement> {
        let source = SentValue(self)
        return Provider(getter: { transform(source.value.get()) })
    }
}
