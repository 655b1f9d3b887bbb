/// `value`, handed over to the caller as every value of a graph is (see `SentValue`): the graph
/// made it for this build, and no part of Wiring keeps it. Inlined, so that where it is not
/// specialised no metadata is looked up on every build, as a `SentValue` would be.
@inlinable @inline(__always)
func handedOver<T>(_ value: consuming T) -> sending T {
    nonisolated(unsafe) let value = value
    return unsafe value
}
