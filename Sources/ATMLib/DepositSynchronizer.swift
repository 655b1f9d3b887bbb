public import Network

/// Completes the deposits left pending in the journal: re-sends each with its original
/// idempotency key, so the bank credits it exactly once however many times it was sent.
///
/// ```swift
/// let report = try await synchronizer.sync()
/// ```
public struct DepositSynchronizer: Sendable {
    private let network: any NetworkExecutor
    private let configuration: ATMConfiguration
    private let journal: any DepositJournal

    /// Creates a synchronizer.
    ///
    /// - Parameters:
    ///   - network: Sends the deposits to the bank.
    ///   - configuration: The bank to sync with (its ``ATMConfiguration/bank``); deposits recorded
    ///     for another bank are left.
    ///   - journal: The journal of pending deposits.
    public init(network: any NetworkExecutor, configuration: ATMConfiguration, journal: any DepositJournal) {
        self.network = network
        self.configuration = configuration
        self.journal = journal
    }

    /// Re-sends every pending deposit recorded for this bank, oldest first.
    ///
    /// A journal that fails once the sync has begun (a claim that cannot be taken, a confirmed
    /// deposit that cannot be taken out) stops the sync: the report says what was done until then,
    /// which deposit the bank credited although the journal still lists it, and which were not
    /// sent, with the failure in ``SyncReport/journalFailure``.
    ///
    /// - Returns: What became of each pending deposit.
    /// - Throws: ``JournalError`` when the journal cannot be read: nothing was sent.
    public func sync() async throws(JournalError) -> SyncReport {
        var outcomes: [SyncReport.Outcome] = []
        var failure: JournalError?
        for deposit in try journal.pendingDeposits() {
            // Journals written before URLs were canonical may spell the same bank differently.
            guard BankURL.canonical(deposit.bankURL) == configuration.bank else {
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .otherBank))
                continue
            }
            guard failure == nil else {
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .notSent))
                continue
            }
            let claim: DepositClaim
            do {
                switch try journal.claim(deposit) {
                case let .claimed(claimed):
                    claim = claimed
                case .heldElsewhere:
                    outcomes.append(SyncReport.Outcome(deposit: deposit, result: .heldElsewhere))
                    continue
                case .settled:
                    outcomes.append(SyncReport.Outcome(deposit: deposit, result: .settledElsewhere))
                    continue
                }
            } catch {
                failure = error
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .notSent))
                continue
            }
            defer { claim.release() }
            let result = await send(claim)
            if case let .creditedButListed(_, error) = result { failure = error }
            outcomes.append(SyncReport.Outcome(deposit: deposit, result: result))
        }
        return SyncReport(outcomes: outcomes, journalFailure: failure)
    }

    /// Sends a claimed deposit, and takes it out of the journal once the bank confirms it.
    private func send(_ claim: DepositClaim) async -> SyncReport.Outcome.Result {
        let deposit = claim.deposit
        let request = DepositRequest(account: deposit.account, amountCents: deposit.amountCents, idempotencyKey: deposit.idempotencyKey)
        let confirmation: DepositConfirmation
        do {
            confirmation = try await network.deposit(request)
        } catch let error as NetworkError where error.mayHaveBeenCredited || !error.isRefusal {
            return .stillPending(error)
        } catch let error as NetworkError {
            return .rejected(error)
        } catch {
            return .stillPending(NetworkError(kind: .transferFailed, message: "\(error)", mayHaveBeenCredited: true))
        }
        do {
            try journal.remove(claim)
        } catch {
            return .creditedButListed(confirmation, error)
        }
        return .confirmed(confirmation)
    }
}
