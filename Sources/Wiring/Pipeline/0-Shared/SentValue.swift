/// Holds a value that the graph shares the way its caller shares it.
///
/// Used for values bound with `to(value:)` and `Provider(value:)`: the caller hands the value
/// over (`sending`), and Wiring only gives it back.
@usableFromInline
struct SentValue<T>: @unchecked Sendable {
    // Safe to share as far as the caller's `sending` allows: the value was handed over to the
    // graph, which never mutates it and only returns copies of it.
    @usableFromInline let value: T

    @inlinable init(_ value: consuming T) { self.value = value }
}
