/// The caller-supplied value of an assisted factory, as a factory parameter.
///
/// ```swift
/// binder.bindFactory(ReceiptScreen.self).with(ReceiptFactory.self).to { (receipt: Assisted<DepositReceipt>, printer: ReceiptPrinter) in
///     ReceiptScreen(receipt: receipt.get(), printer: printer)
/// }
/// ```
public struct Assisted<Element>: ProviderProtocol {
    private let getter: @Sendable () -> Element

    /// Creates the value from a function, for tests.
    ///
    /// - Parameter getter: Gives the value.
    public init(getter: @escaping @Sendable () -> Element) {
        self.getter = getter
    }

    /// Carries the seed a factory's caller supplied.
    @usableFromInline
    init(_ seed: SentValue<Element>) {
        self.getter = { seed.value }
    }

    /// The value the factory's caller supplied.
    public func get() -> Element {
        getter()
    }
}

extension Assisted: Sendable where Element: Sendable {}
