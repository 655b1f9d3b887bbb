/// The root of an ATM app: deposits, their journal, and the completion of pending ones.
public struct ATM: Sendable {
    /// Deposits bills.
    public let depositer: ATMDepositer
    /// Completes deposits left pending.
    public let synchronizer: DepositSynchronizer
    /// The journal of pending deposits.
    public let journal: any DepositJournal

    /// Creates the root.
    ///
    /// - Parameters:
    ///   - depositer: Deposits bills.
    ///   - synchronizer: Completes deposits left pending.
    ///   - journal: The journal of pending deposits.
    public init(depositer: ATMDepositer, synchronizer: DepositSynchronizer, journal: any DepositJournal) {
        self.depositer = depositer
        self.synchronizer = synchronizer
        self.journal = journal
    }
}
