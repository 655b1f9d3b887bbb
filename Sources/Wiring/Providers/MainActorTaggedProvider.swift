/// Gives a tagged value of the graph on each `try get()` on the main actor, running its
/// main-actor factories there: ``MainActorProvider`` for a binding qualified with a tag.
///
/// ```swift
/// struct DetailsScreen: BindingTag { typealias Element = DetailsViewModel }   // a @MainActor class
/// @MainActor final class Coordinator {
///     init(details: MainActorTaggedProvider<DetailsScreen>) { ... }
///     func showDetails() throws { present(try details.get()) }
/// }
/// ```
public struct MainActorTaggedProvider<T: BindingTag>: Sendable {
    /// The tag.
    public typealias Tag = T

    private let provider: MainActorProvider<T.Element>

    /// Creates a provider whose `get()` calls `getter`, for tests and for values made outside
    /// the graph.
    ///
    /// - Parameter getter: Makes the value, on the main actor.
    public init(getter: @escaping @MainActor @Sendable () throws -> T.Element) {
        provider = MainActorProvider(getter: getter)
    }

    private init(provider: MainActorProvider<T.Element>) {
        self.provider = provider
    }

    /// The value, made on the main actor: a new one each time for an unscoped binding, the
    /// component's one for a shared binding.
    ///
    /// - Returns: The value.
    /// - Throws: ``ResolutionError`` when a factory on the way throws.
    @MainActor
    public func get() throws -> T.Element {
        try provider.get()
    }

    /// The provider without its tag.
    ///
    /// - Returns: A ``MainActorProvider`` of the same binding.
    public func asProvider() -> MainActorProvider<T.Element> {
        provider
    }
}

extension MainActorTaggedProvider: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(T.Element.self, tag: T.self) }
    @usableFromInline static var requestKind: RequestKind { .mainActorProvider }

    @usableFromInline static func resolver(wrapping node: AnyNode?) -> Resolver<MainActorTaggedProvider<T>> {
        let wrap = MainActorProvider<T.Element>.resolver(wrapping: node)
        return { instance in MainActorTaggedProvider(provider: wrap(instance)) }
    }
}
