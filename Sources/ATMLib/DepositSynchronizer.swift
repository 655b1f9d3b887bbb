public import Network

/// Completes the deposits left pending in the journal: re-sends each with its original
/// idempotency key, so the bank credits it exactly once however many times it was sent.
///
/// ```swift
/// let report = try await synchronizer.sync()
/// ```
public struct DepositSynchronizer: Sendable {
    private let network: any NetworkExecutor
    private let configuration: BankConfiguration
    private let journal: any DepositJournal

    /// Creates a synchronizer.
    ///
    /// - Parameters:
    ///   - network: Sends the deposits to the bank.
    ///   - configuration: The bank to sync with; deposits recorded for another bank are left.
    ///   - journal: The journal of pending deposits.
    public init(network: any NetworkExecutor, configuration: BankConfiguration, journal: any DepositJournal) {
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
            guard deposit.bankURL == configuration.baseURL else {
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .otherBank))
                continue
            }
            let request = DepositRequest(account: deposit.account, amountCents: deposit.amountCents, idempotencyKey: deposit.idempotencyKey)
            do {
                let confirmation = try await network.deposit(request)
                try journal.remove(idempotencyKey: deposit.idempotencyKey)
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .confirmed(confirmation)))
            } catch let error as NetworkError where error.mayHaveBeenCredited || !error.isRefusal {
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .stillPending(error)))
            } catch let error as NetworkError {
                outcomes.append(SyncReport.Outcome(deposit: deposit, result: .rejected(error)))
            } catch let error as JournalError {
                throw error
            } catch {
                outcomes.append(SyncReport.Outcome(
                    deposit: deposit,
                    result: .stillPending(NetworkError(kind: .transferFailed, message: "\(error)", mayHaveBeenCredited: true))
                ))
            }
        }
        return SyncReport(outcomes: outcomes)
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
        }

        /// The deposit.
        public let deposit: PendingDeposit
        /// What became of it.
        public let result: Result
    }

    /// Every pending deposit, in journal order.
    public let outcomes: [Outcome]

    /// Whether every pending deposit was confirmed (true when there were none).
    public var isComplete: Bool {
        outcomes.allSatisfy { if case .confirmed = $0.result { true } else { false } }
    }

    /// The report without the deposits left for another bank: what a sync that goes to every
    /// bank in turn reports for this one.
    public var leavingOutOtherBanks: SyncReport {
        SyncReport(outcomes: outcomes.filter { $0.result != .otherBank })
    }
}
