/// Where deposits wait between the moment the ATM takes the cash and the moment the bank
/// confirms them, so that none is lost and none is credited twice.
///
/// `ATMDepositer` records a deposit here, durably, and claims it before sending anything; removes
/// it once the bank confirms it (or certainly refused it); and leaves it when the outcome is
/// unknown. `DepositSynchronizer` later claims and re-sends what is left with the original
/// idempotency keys. Only the holder of a deposit's ``DepositClaim`` sends it or removes it.
///
/// ``FileDepositJournal`` keeps the journal in a file; `InMemoryDepositJournal` (in
/// `FakeATMLib`) keeps it in memory for tests.
public protocol DepositJournal: Sendable {
    /// Where the journal is, for messages: a file path, or a description.
    var location: String { get }

    /// Records a deposit, durably, before it is sent, and claims it for the caller.
    ///
    /// - Parameter deposit: The deposit.
    /// - Returns: The claim on the recorded deposit.
    /// - Throws: ``JournalError`` when it cannot be recorded; the deposit must then not be sent.
    ///   With the kind ``JournalError/Kind/leftUnsent`` the deposit is in the journal although
    ///   the record failed: it must not be sent now, and a sync will send it.
    @discardableResult
    func record(_ deposit: PendingDeposit) throws(JournalError) -> DepositClaim

    /// Claims a pending deposit, so that this process alone sends it and settles it.
    ///
    /// - Parameter deposit: A deposit that ``pendingDeposits()`` listed.
    /// - Returns: The claim, or why there is none.
    /// - Throws: ``JournalError`` when the journal cannot be read.
    func claim(_ deposit: PendingDeposit) throws(JournalError) -> ClaimAttempt

    /// Removes a claimed deposit: the bank confirmed it, or certainly did not record it. The claim
    /// stays held until it is released.
    ///
    /// - Parameter claim: The claim on the deposit.
    /// - Throws: ``JournalError`` when the journal cannot be updated; the deposit then stays.
    func remove(_ claim: DepositClaim) throws(JournalError)

    /// Removes claimed deposits with one change of the journal, as `remove(_:)` does, and fails
    /// unless the removal is durable: a removal that a crash could undo would let a later sync
    /// send a refused deposit after its depositer said "never credited, deposit again", and
    /// would make a report that a credited deposit left the journal claim more than is known.
    ///
    /// - Parameter claims: The claims on the deposits.
    /// - Throws: ``JournalError`` when the journal cannot be updated (the deposits then stay), or,
    ///   with the kind ``JournalError/Kind/leftUnsent``, when they are out of the journal but
    ///   that could not be made durable, so that the journal may list them again after a crash.
    func removeDurably(_ claims: [DepositClaim]) throws(JournalError)

    /// Every deposit still waiting for the bank, oldest first.
    ///
    /// - Returns: The pending deposits.
    /// - Throws: ``JournalError`` when the journal cannot be read, or is corrupt.
    func pendingDeposits() throws(JournalError) -> [PendingDeposit]

    /// The most deposits a sync settles with one change of the journal. A journal that claims and
    /// removes many deposits at once for about the cost of one says so here, and a sync of N
    /// deposits then changes it a few times instead of N times.
    var settlementBatchLimit: Int { get }

    /// Claims several pending deposits, each as `claim(_:)` claims one.
    ///
    /// - Parameter deposits: Deposits that ``pendingDeposits()`` listed.
    /// - Returns: One attempt per deposit, in order.
    /// - Throws: ``JournalError`` when the journal cannot be read; no claim is then held.
    func claim(_ deposits: [PendingDeposit]) throws(JournalError) -> [ClaimAttempt]

    /// Removes several claimed deposits with one change of the journal: all of them, or, when it
    /// throws, none of them.
    ///
    /// - Parameter claims: The claims on the deposits.
    /// - Throws: ``JournalError`` when the journal cannot be updated; the deposits then stay.
    func remove(_ claims: [DepositClaim]) throws(JournalError)
}

extension DepositJournal {
    /// One deposit at a time.
    public var settlementBatchLimit: Int { 1 }

    /// As `remove(_:)`: for a journal whose every removal is durable, or that keeps nothing
    /// across a crash.
    public func removeDurably(_ claims: [DepositClaim]) throws(JournalError) {
        try remove(claims)
    }

    /// Removes one claimed deposit durably, as `removeDurably(_:)` removes several.
    public func removeDurably(_ claim: DepositClaim) throws(JournalError) {
        try removeDurably([claim])
    }

    /// Claims the deposits one by one.
    public func claim(_ deposits: [PendingDeposit]) throws(JournalError) -> [ClaimAttempt] {
        var attempts: [ClaimAttempt] = []
        for deposit in deposits {
            attempts.append(try claim(deposit))
        }
        return attempts
    }

    /// Removes one claim (the only batch a journal of ``settlementBatchLimit`` 1 is given); a
    /// larger batch is removed one by one, and may then be removed in part when it throws.
    public func remove(_ claims: [DepositClaim]) throws(JournalError) {
        for claim in claims {
            try remove(claim)
        }
    }
}
