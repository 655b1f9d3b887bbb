/// Keeps values alive until `releaseAll()`: a batch keeps what it made, so that releasing it
/// is not timed.
public final class Retainer {
    private var values: [Any] = []

    /// Creates an empty retainer.
    public init() {}

    /// Keeps `value` alive.
    public func keep(_ value: Any) {
        values.append(value)
    }

    /// Releases everything kept.
    public func releaseAll() {
        values.removeAll(keepingCapacity: true)
    }
}
