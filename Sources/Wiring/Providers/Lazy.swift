/// A value made on the first ``get()``, then the same value on every later call.
///
/// Take `Lazy<T>` instead of `T` when the value may not be needed, or when making it early would
/// close a dependency cycle: a cycle through a `Lazy` is legal.
///
/// ```swift
/// struct ReportScreen {
///     let exporter: Lazy<PDFExporter>   // made only if the user exports
/// }
/// ```
///
/// Each injected `Lazy` has its own value: two factories that take `Lazy<T>` of an unscoped
/// binding get one value each; a binding shared in its scope gives its shared value either way.
public struct Lazy<Element> {
    private let storage: LazyStorage<Element>

    init(instance: ComponentInstance, resolve: @escaping Resolver<Element>) {
        storage = LazyStorage(instance: SharedInstance(instance), resolve: resolve)
    }

    /// Creates a lazy value from a function, for tests.
    ///
    /// - Parameter getter: Makes the value, once, on the first ``get()``.
    public init(getter: @escaping @Sendable () -> Element) {
        storage = LazyStorage(instance: detachedInstance, resolve: { _ in getter() })
    }

    /// The value: made by the first call, the same afterwards, whatever the task.
    public func get() -> Element {
        storage.get()
    }
}

extension Lazy: Sendable where Element: Sendable {}

extension Lazy: DependencyWrapper {
    @usableFromInline static var wrappedKey: BindingKey { BindingKey(Element.self) }
    @usableFromInline static var requestKind: RequestKind { .lazy }

    @usableFromInline
    static func resolver(wrapping node: AnyNode?) -> Resolver<Lazy<Element>> {
        let node = linkedNode(node, of: Element.self)
        return { instance in Lazy(instance: instance, resolve: node.resolver(as: Element.self)) }
    }
}

/// Spelled from its argument, so that messages write `Lazy<any P>` as code does.
extension Lazy: SpelledGenericType {
    static var spelledName: String { "Lazy<\(TypeName.of(Element.self))>" }
}
