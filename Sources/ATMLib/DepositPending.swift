import BillScanner
public import Network

/// A deposit that is in the journal and whose outcome is not settled: it may have reached the
/// bank, or it could not be sent or taken out of the journal. `DepositSynchronizer` completes it
/// later with the same idempotency key, which the bank credits at most once.
public struct DepositPending: Error, Sendable, Hashable, CustomStringConvertible {
    /// The deposit, as the journal keeps it.
    public let deposit: PendingDeposit
    /// Why it is pending, in a phrase: the bank's failure, or the journal's.
    public let reason: String
    /// The bank's failure, when the bank was involved.
    public let cause: NetworkError?
    /// Where the journal is.
    public let journalLocation: String

    /// Creates the error for a deposit whose outcome at the bank is unknown.
    ///
    /// - Parameters:
    ///   - deposit: The deposit.
    ///   - cause: Why the outcome is unknown.
    ///   - journalLocation: Where the journal is.
    public init(deposit: PendingDeposit, cause: NetworkError, journalLocation: String) {
        self.init(deposit: deposit, reason: cause.message, cause: cause, journalLocation: journalLocation)
    }

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - deposit: The deposit.
    ///   - reason: Why it is pending.
    ///   - cause: The bank's failure, when the bank was involved.
    ///   - journalLocation: Where the journal is.
    public init(deposit: PendingDeposit, reason: String, cause: NetworkError?, journalLocation: String) {
        self.deposit = deposit
        self.reason = reason
        self.cause = cause
        self.journalLocation = journalLocation
    }

    /// What happened and how to complete the deposit, in one line.
    public var description: String {
        "the deposit of \(Money(cents: deposit.amountCents)) to \(deposit.account) is pending: \(reason); "
            + "it is kept in the journal \(journalLocation), run the sync command to complete it"
    }
}
