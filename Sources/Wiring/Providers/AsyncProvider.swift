/// Gives a value of the graph on each `try await get()`, running whatever effects its
/// resolution has: the provider to ask for when the binding is `async`, throws, or runs on the
/// main actor.
///
/// ```swift
/// final class ReportScreen {
///     init(database: AsyncProvider<Database>) { ... }      // Database's init is async throws
///     func load() async throws { let db = try await database.get(); ... }
/// }
/// ```
///
/// Like ``Provider``, it is a deferred request: taking it runs nothing, so the effects of the
/// binding stop here and never reach the requirer. A shared binding is made once per built
/// component, however many tasks call `get()` at the same moment.
public struct AsyncProvider<Element>: Sendable {
    @usableFromInline let instance: SharedInstance
    @usableFromInline let resolve: AsyncResolver<Element>
    /// The slot of a shared binding whose resolution is async: once the value is made, `get()`
    /// reads it from there without calling `resolve`. Nil for every other binding.
    @usableFromInline let sharedSlot: StorageSlot?

    init(instance: ComponentInstance, resolve: @escaping AsyncResolver<Element>, sharedSlot: StorageSlot? = nil) {
        self.instance = SharedInstance(instance)
        self.resolve = resolve
        self.sharedSlot = sharedSlot
    }

    /// Creates a provider whose `get()` calls `getter`, for tests and for values made outside
    /// the graph.
    ///
    /// - Parameter getter: Makes the value.
    public init(getter: @escaping @Sendable () async throws -> Element) {
        self.init(instance: detachedInstance.instance, resolve: { _ in try await getter() })
    }

    /// The value: a new one each time for an unscoped binding, the component's one for a
    /// shared binding.
    ///
    /// - Returns: The value.
    /// - Throws: ``ResolutionError`` when a factory on the way throws.
    @inlinable
    public func get() async throws -> sending Element {
        // A made shared value: one acquiring load and a copy, specialised in the caller; no await.
        if let slot = sharedSlot, instance.instance.isSharedValueMade(slot) {
            return SentValue(instance.instance.sharedValue(slot, as: Element.self)).value
        }
        return try await resolved()
    }

    /// The value, through the binding's resolver: made, or awaited while it is being made.
    @usableFromInline
    func resolved() async throws -> sending Element {
        let value = SentValue(try await resolve(instance.instance))
        return value.value
    }
}

extension AsyncProvider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(Element.self) }
    @usableFromInline static var requestKind: RequestKind { .asyncProvider }

    @usableFromInline static func resolver(wrapping node: AnyNode?) -> Resolver<AsyncProvider<Element>> {
        let node = linkedNode(node, of: Element.self)
        // The node's resolver is read when the provider is made, after the whole graph is
        // linked, so that a cycle through the provider links.
        return { instance in
            guard let resolvers = node.effectfulResolvers(as: Element.self) else {
                return AsyncProvider(instance: instance, resolve: node.asyncResolver(as: Element.self))
            }
            return AsyncProvider(instance: instance, resolve: resolvers.async, sharedSlot: resolvers.sharedSlot)
        }
    }
}

/// Spelled from its argument, so that messages write `AsyncProvider<any P>` as code does.
extension AsyncProvider: SpelledGenericType {
    static var spelledName: String { "AsyncProvider<\(TypeName.of(Element.self))>" }
}
