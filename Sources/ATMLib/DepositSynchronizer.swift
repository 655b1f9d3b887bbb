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
    /// - Returns: What became of each pending deposit.
    /// - Throws: ``JournalError`` when the journal cannot be read or updated.
    public func sync() async throws(JournalError) -> SyncReport {
        var outcomes: [SyncReport.Outcome] = []
        for deposit in try journal.pendingDeposits() {
            // Journals written before URLs were canonical may spell the same bank differently.
            guard BankURL.canonical(deposit.bankURL) == configuration.bank else {
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .otherBank))
                continue
            }
            let claim: DepositClaim
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
            defer { claim.release() }
            outcomes.append(SyncReport.Outcome(deposit: deposit, result: try await send(claim)))
        }
        return SyncReport(outcomes: outcomes)
    }

    /// Sends a claimed deposit, and takes it out of the journal once the bank confirms it.
    private func send(_ claim: DepositClaim) async throws(JournalError) -> SyncReport.Outcome.Result {
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
        try journal.remove(claim)
        return .confirmed(confirmation)
    }
}

/// What a sync did with each pending deposit.
public struct SyncReport: Sendable, Hashable {
    /// One pending deposit and what became of it.
    public struct Outcome: Sendable, Hashable {
        /// What became of a deposit.
        public enum Result: Sendable, Hashable {
            /// The bank confirmed it (a replay when an earlier attempt had already credited it);
            /// it left the journal.
            case confirmed(DepositConfirmation)
            /// Its outcome is still unknown (the bank cannot be reached): it stays pending.
            case stillPending(NetworkError)
            /// The bank refused it for good: it stays in the journal for someone to review.
            case rejected(NetworkError)
            /// It was recorded for another bank: it stays pending for a sync with that bank.
            case otherBank
            /// Another process holds it (its depositer, or another sync): it was not sent.
            case heldElsewhere
            /// Another process settled it after it was listed: it has left the journal.
            case settledElsewhere
        }

        /// The deposit.
        public let deposit: PendingDeposit
        /// What became of it.
        public let result: Result

        /// Creates an outcome.
        ///
        /// - Parameters:
        ///   - deposit: The deposit.
        ///   - result: What became of it.
        public init(deposit: PendingDeposit, result: Result) {
            self.deposit = deposit
            self.result = result
        }
    }

    /// Every pending deposit, in journal order.
    public let outcomes: [Outcome]

    /// Creates a report.
    ///
    /// - Parameter outcomes: Every pending deposit, in journal order.
    public init(outcomes: [Outcome]) {
        self.outcomes = outcomes
    }

    /// Whether every pending deposit was confirmed or settled by another process (true when there
    /// were none).
    public var isComplete: Bool {
        outcomes.allSatisfy {
            switch $0.result {
            case .confirmed, .settledElsewhere: true
            case .stillPending, .rejected, .otherBank, .heldElsewhere: false
            }
        }
    }

    /// The report without the deposits left for another bank: what a sync that goes to every
    /// bank in turn reports for this one.
    public var leavingOutOtherBanks: SyncReport {
        SyncReport(outcomes: outcomes.filter { $0.result != .otherBank })
    }
}
