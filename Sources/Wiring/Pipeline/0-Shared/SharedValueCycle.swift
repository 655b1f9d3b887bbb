/// Thrown by a request for an async shared value that the requesting task is making itself:
/// its factory, or a factory it awaits, asked for the value through an `AsyncProvider`. Waiting
/// would never end; the factory that asked receives this error, and the request that started
/// the creation receives it wrapped in a ``ResolutionError``.
struct SharedValueCycle: Error, CustomStringConvertible {
    /// The binding whose value was asked for: `Database`.
    let binding: String

    @_optimize(none)
    var description: String {
        "Wiring: the shared \(binding) was requested again while its own factory was running. "
            + "A factory awaited an AsyncProvider of a binding that depends on it; "
            + "keep the provider and call it after construction instead."
    }
}
