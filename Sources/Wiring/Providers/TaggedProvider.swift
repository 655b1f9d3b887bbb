/// Gives the value bound with the tag `T`: how factories ask for tagged bindings.
///
/// ```swift
/// struct Teller {
///     let bankURL: String
///     init(bankURL: TaggedProvider<BankURL>) { self.bankURL = bankURL.get() }
/// }
/// ```
public struct TaggedProvider<T: Wiring.BindingTag>: ProviderProtocol {
    /// The type of the tagged value.
    public typealias Element = T.Element

    @usableFromInline let provider: Provider<T.Element>

    @inlinable
    init(provider: Provider<T.Element>) {
        self.provider = provider
    }

    /// Creates a provider that calls `getter` on every ``get()``; useful in tests.
    ///
    /// - Parameter getter: The function that makes the value.
    public init(getter: @escaping @Sendable () -> T.Element) {
        self.init(provider: Provider(getter: getter))
    }

    /// The tagged value.
    @inlinable
    public func get() -> T.Element {
        provider.get()
    }

    /// The same value as an untagged ``Provider``.
    ///
    /// - Returns: A provider that gives what this one gives.
    public func asProvider() -> Provider<T.Element> {
        provider
    }
}

extension TaggedProvider: Sendable where T.Element: Sendable {}

extension TaggedProvider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(T.Element.self, tag: T.self) }
    @usableFromInline static var requestKind: RequestKind { .provider }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<TaggedProvider<T>> {
        let node = linkedNode(node, of: T.Element.self)
        return { instance in TaggedProvider(provider: Provider(instance: instance, resolve: node.resolver(as: T.Element.self))) }
    }
}
