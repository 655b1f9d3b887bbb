/// Names an assisted factory: the type it builds (`Element`) and the value its caller supplies
/// at each build (`Seed`); everything else comes from the graph.
///
/// ```swift
/// struct ReceiptFactory: AssistedFactory {
///     typealias Seed = DepositReceipt
///     typealias Element = ReceiptScreen
/// }
/// ```
public protocol AssistedFactory: BindingTag {
    /// The value the caller of ``Factory/build(_:)`` supplies.
    associatedtype Seed
}

/// The assisted factory of `bindFactory(E.self)` without `.with(...)`: its seed is `Void`.
public struct EmptySeed<E>: AssistedFactory {
    /// `Void`: such a factory builds from the graph alone.
    public typealias Seed = Void
    /// The type the factory builds.
    public typealias Element = E
}
