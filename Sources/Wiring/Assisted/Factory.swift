/// Builds `Tag.Element` from a value its caller supplies and dependencies from the graph: the
/// injectable product of ``Binder/bindFactory(_:file:line:)``.
///
/// ```swift
/// struct ReceiptPresenter {
///     let screens: Factory<ReceiptFactory>
///     func show(_ receipt: DepositReceipt) -> ReceiptScreen { screens.build(receipt) }
/// }
/// ```
///
/// Each ``build(_:)`` calls the bound factory again, with freshly resolved dependencies.
public struct Factory<Tag: AssistedFactory>: Sendable {
    private let make: @Sendable (Tag.Seed) -> Tag.Element

    /// Creates a factory from a function, for tests.
    ///
    /// - Parameter factory: Builds an element from a seed.
    public init(factory: @escaping @Sendable (Tag.Seed) -> Tag.Element) {
        self.make = factory
    }

    /// Builds an element.
    ///
    /// - Parameter seed: The value the element needs from the caller.
    /// - Returns: The element.
    public func build(_ seed: Tag.Seed) -> Tag.Element {
        make(seed)
    }
}

extension Factory where Tag.Seed == Void {
    /// Builds an element of a factory whose seed is `Void`.
    ///
    /// - Returns: The element.
    public func build() -> Tag.Element {
        make(())
    }
}
