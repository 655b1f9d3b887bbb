/// A map whose values are providers, `[Key: Provider<Value>]`: the entries of the map
/// `[Key: Value]`, each made only when its provider's `get()` is called.
///
/// An app with fifty handlers contributed under fifty keys builds only the one it uses:
///
/// ```swift
/// struct Router {
///     let handlers: [String: Provider<any DeepLinkHandler>]
///     func open(_ route: String) -> Bool { handlers[route]?.get().handle() ?? false }
/// }
/// ```
extension Dictionary: DependencyWrapper where Value: MapEntryProvider {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey([Key: Value.Element].self) }
    @usableFromInline static var requestKind: RequestKind { .mapProviders }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<[Key: Value]> {
        let node = linkedNode(node, of: [Key: Value.Element].self)
        // The map is read when called, not when linked, so that a map whose entries take the
        // map's providers (a cycle through them) links.
        return sendableMapResolver { instance in Self.providers(of: node, in: instance) }
    }

    private static func providers(of node: AnyNode, in instance: ComponentInstance) -> [Key: Value] {
        Value.providers(LinkedMap<Key, Value.Element>.of(node), in: instance)
    }
}

/// The provider types a map's values can be: ``Provider``.
@usableFromInline
protocol MapEntryProvider: SendableMetatype {
    associatedtype Element

    /// A provider of each entry of `map`, resolved in `instance`.
    static func providers<Key>(_ map: LinkedMap<Key, Element>, in instance: ComponentInstance) -> [Key: Self]
}

extension Provider: MapEntryProvider {
    @usableFromInline
    static func providers<Key>(_ map: LinkedMap<Key, Element>, in instance: ComponentInstance) -> [Key: Provider<Element>] {
        map.providers(in: instance)
    }
}
