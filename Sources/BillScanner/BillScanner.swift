/// Totals a deposit exactly and enforces the deposit limits.
///
/// ```swift
/// let total = try BillScanner().scan([Bill(.twenty), Bill(.twenty), Bill(.five)])  // $45.00
/// ```
public struct BillScanner: Sendable {
    /// The most notes one deposit may hold: 50, what a deposit slot takes at once.
    public static let maximumNoteCount = 50
    /// The most money one deposit may hold: $2,500.00.
    public static let maximumAmount = Money(dollars: 2_500)

    /// Creates a scanner.
    public init() {}

    /// Totals the bills of one deposit.
    ///
    /// - Parameter bills: The bills, in any order.
    /// - Returns: Their total, exactly.
    /// - Throws: ``ScanError`` when there are no bills, more than ``maximumNoteCount`` of them,
    ///   or more than ``maximumAmount`` in all.
    public func scan(_ bills: [Bill]) throws(ScanError) -> Money {
        guard !bills.isEmpty else { throw .emptyDeposit }
        guard bills.count <= Self.maximumNoteCount else { throw .tooManyNotes(bills.count) }
        let total = Money(cents: bills.reduce(0) { $0 + $1.value.cents })
        guard total <= Self.maximumAmount else { throw .amountTooLarge(total) }
        return total
    }

    /// Checks the count of a deposit before its bills are made, so that an absurd count such as
    /// `20x1000000000` is refused without building a billion bills.
    ///
    /// - Parameter count: How many notes the deposit would hold.
    /// - Throws: ``ScanError`` of kind ``ScanError/Kind/tooManyNotes``.
    public func checkNoteCount(_ count: Int) throws(ScanError) {
        guard count <= Self.maximumNoteCount else { throw .tooManyNotes(count) }
    }
}
