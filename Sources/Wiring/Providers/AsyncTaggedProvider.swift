/// Gives a tagged value of the graph on each `try await get()`, running whatever effects its
/// resolution has: ``AsyncProvider`` for a binding qualified with a tag.
///
/// ```swift
/// struct ReportsDatabase: BindingTag { typealias Element = Database }   // Database's init is async throws
/// final class ReportScreen {
///     init(database: AsyncTaggedProvider<ReportsDatabase>) { ... }
///     func load() async throws { let db = try await database.get(); ... }
/// }
/// ```
public struct AsyncTaggedProvider<T: BindingTag>: Sendable {
    /// The tag.
    public typealias Tag = T

    private let provider: AsyncProvider<T.Element>

    /// Creates a provider whose `get()` calls `getter`, for tests and for values made outside
    /// the graph.
    ///
    /// - Parameter getter: Makes the value.
    public init(getter: @escaping @Sendable () async throws -> T.Element) {
        provider = AsyncProvider(getter: getter)
    }

    private init(provider: AsyncProvider<T.Element>) {
        self.provider = provider
    }

    /// The value: a new one each time for an unscoped binding, the component's one for a shared
    /// binding, made once however many tasks ask at the same moment.
    ///
    /// - Returns: The value.
    /// - Throws: ``ResolutionError`` when a factory on the way throws.
    public func get() async throws -> sending T.Element {
        try await provider.get()
    }

    /// The provider without its tag.
    ///
    /// - Returns: An ``AsyncProvider`` of the same binding.
    public func asProvider() -> AsyncProvider<T.Element> {
        provider
    }
}

extension AsyncTaggedProvider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(T.Element.self, tag: T.self) }
    @usableFromInline static var requestKind: RequestKind { .asyncProvider }

    @usableFromInline static func resolver(wrapping node: AnyNode?) -> Resolver<AsyncTaggedProvider<T>> {
        let wrap = AsyncProvider<T.Element>.resolver(wrapping: node)
        return { instance in AsyncTaggedProvider(provider: wrap(instance)) }
    }
}
