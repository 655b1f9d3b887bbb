/// Consumes a value so that the optimiser cannot drop the work that made it.
///
/// The function lives in a module of its own, is never inlined and is not optimised, so the
/// caller cannot see that it does nothing: whatever is passed must really exist.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimiser cannot see into, so that a value known at
/// compile time (a closure, a constant) is treated as unknown.
@inline(never)
@_optimize(none)
public func opaque<T>(_ value: T) -> T {
    value
}
