/// A map whose values are providers, `[Key: Provider<Value>]`, `[Key: AsyncProvider<Value>]` or
/// `[Key: MainActorProvider<Value>]`: the entries of the map `[Key: Value]`, each made only when
/// its provider's `get()` is called.
///
/// An app with fifty handlers contributed under fifty keys builds only the one it uses:
///
/// ```swift
/// struct Router {
///     let handlers: [String: Provider<any DeepLinkHandler>]
///     func open(_ route: String) -> Bool { handlers[route]?.get().handle() ?? false }
/// }
/// ```
///
/// When entries have effects (an `async` or throwing factory, or a `@MainActor` one), take
/// `[Key: AsyncProvider<Value>]`: each entry is made, with its effects, by its provider's
/// `try await get()`, and the others are not made at all. `[Key: MainActorProvider<Value>]` does
/// the same on the main actor for entries that do not await.
extension Dictionary: DependencyWrapper where Value: MapEntryProvider {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey([Key: Value.Element].self) }
    @usableFromInline static var requestKind: RequestKind { Value.mapRequestKind }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<[Key: Value]> {
        let node = linkedNode(node, of: [Key: Value.Element].self)
        // The map is read when called, not when linked, so that a map whose entries take the
        // map's providers (a cycle through them) links.
        return sendableMapResolver { instance in Value.providers(of: node, in: instance) }
    }
}

/// The provider types a map's values can be: ``Provider``, ``AsyncProvider`` and
/// ``MainActorProvider``.
@usableFromInline
protocol MapEntryProvider: SendableMetatype {
    associatedtype Element

    /// How a map of these providers asks for the map's entries.
    static var mapRequestKind: RequestKind { get }

    /// A provider of each entry of the map linked in `node`, resolved in `instance`.
    static func providers<Key: Hashable>(of node: AnyNode, in instance: ComponentInstance) -> [Key: Self]
}

extension Provider: MapEntryProvider {
    @usableFromInline static var mapRequestKind: RequestKind { .mapProviders }

    @usableFromInline
    static func providers<Key: Hashable>(of node: AnyNode, in instance: ComponentInstance) -> [Key: Provider<Element>] {
        // Validation lets `[Key: Provider<Value>]` reach only a map without effects.
        LinkedMap<Key, Element>.of(node).providers(in: instance)
    }
}

extension AsyncProvider: MapEntryProvider {
    @usableFromInline static var mapRequestKind: RequestKind { .asyncMapProviders }

    @usableFromInline
    static func providers<Key: Hashable>(of node: AnyNode, in instance: ComponentInstance) -> [Key: AsyncProvider<Element>] {
        LinkedMap<Key, Element>.entries(of: node).mapValues { entry in
            AsyncProvider(instance: instance, resolve: entry.asyncResolver())
        }
    }
}

extension MainActorProvider: MapEntryProvider {
    @usableFromInline static var mapRequestKind: RequestKind { .mainActorMapProviders }

    @usableFromInline
    static func providers<Key: Hashable>(of node: AnyNode, in instance: ComponentInstance) -> [Key: MainActorProvider<Element>] {
        // Validation lets `[Key: MainActorProvider<Value>]` reach only entries that do not await.
        LinkedMap<Key, Element>.entries(of: node).mapValues { entry in
            MainActorProvider(instance: instance, resolve: entry.mainActorResolver())
        }
    }
}
