import BillScanner
public import Network

/// A deposit that may have reached the bank but whose outcome is unknown: it stays in the
/// journal, and `DepositSynchronizer` completes it later with the same idempotency key.
public struct DepositPending: Error, Sendable, Hashable, CustomStringConvertible {
    /// The deposit, as the journal keeps it.
    public let deposit: PendingDeposit
    /// Why the outcome is unknown.
    public let cause: NetworkError
    /// Where the journal is.
    public let journalLocation: String

    /// Creates the error.
    public init(deposit: PendingDeposit, cause: NetworkError, journalLocation: String) {
        self.deposit = deposit
        self.cause = cause
        self.journalLocation = journalLocation
    }

    /// What happened and how to complete the deposit, in one line.
    public var description: String {
        "the deposit of \(Money(cents: deposit.amountCents)) to \(deposit.account) is pending: \(cause.message); "
            + "it is kept in the journal \(journalLocation), run the sync command to complete it"
    }
}
