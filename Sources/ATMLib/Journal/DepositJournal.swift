/// Where deposits wait between the moment the ATM takes the cash and the moment the bank
/// confirms them, so that none is lost and none is credited twice.
///
/// `ATMDepositer` records a deposit here, durably, before sending anything; removes it once the
/// bank confirms it (or certainly refused it); and leaves it when the outcome is unknown.
/// `DepositSynchronizer` later re-sends what is left with the original idempotency keys.
///
/// ``FileDepositJournal`` keeps the journal in a file; `InMemoryDepositJournal` (in
/// `FakeATMLib`) keeps it in memory for tests.
public protocol DepositJournal: Sendable {
    /// Where the journal is, for messages: a file path, or a description.
    var location: String { get }

    /// Records a deposit, durably, before it is sent.
    ///
    /// - Parameter deposit: The deposit.
    /// - Throws: ``JournalError`` when it cannot be recorded; the deposit must then not be sent.
    func record(_ deposit: PendingDeposit) throws(JournalError)

    /// Removes a deposit: the bank confirmed it, or certainly did not record it.
    ///
    /// - Parameter idempotencyKey: The deposit's key.
    /// - Throws: ``JournalError`` when the journal cannot be updated.
    func remove(idempotencyKey: String) throws(JournalError)

    /// Every deposit still waiting for the bank, oldest first.
    ///
    /// - Returns: The pending deposits.
    /// - Throws: ``JournalError`` when the journal cannot be read, or is corrupt.
    func pendingDeposits() throws(JournalError) -> [PendingDeposit]
}
