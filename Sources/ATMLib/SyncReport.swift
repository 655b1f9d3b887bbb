public import Network

/// What a sync did with each pending deposit, and whether the journal failed on the way.
public struct SyncReport: Sendable, Hashable {
    /// One pending deposit and what became of it.
    public struct Outcome: Sendable, Hashable {
        /// What became of a deposit.
        public enum Result: Sendable, Hashable {
            /// The bank confirmed it (a replay when an earlier attempt had already credited it);
            /// it left the journal.
            case confirmed(DepositConfirmation)
            /// The bank confirmed it, but it could not be taken out of the journal, which still
            /// lists it, or, with an error of the kind ``JournalError/Kind/leftUnsent``, it was
            /// taken out but not durably, so that the journal may list it again after a crash: a
            /// later sync replays it, and the bank answers with the same credit.
            case creditedButListed(DepositConfirmation, JournalError)
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
            /// It was not sent, as the journal failed (``SyncReport/journalFailure``): it stays
            /// pending.
            case notSent
            /// It was not sent, as the bank had left ``DepositSynchronizer/unansweredLimit``
            /// deposits in a row unanswered in this sync, the last with this error: it stays
            /// pending for a sync once the bank answers.
            case notAttempted(NetworkError)
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
    /// Why the sync stopped before its end, if the journal failed once it had begun.
    public let journalFailure: JournalError?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - outcomes: Every pending deposit, in journal order.
    ///   - journalFailure: Why the sync stopped, if the journal failed.
    public init(outcomes: [Outcome], journalFailure: JournalError? = nil) {
        self.outcomes = outcomes
        self.journalFailure = journalFailure
    }

    /// Whether every pending deposit was confirmed or settled by another process (true when there
    /// were none), and the journal did not fail.
    public var isComplete: Bool {
        journalFailure == nil && outcomes.allSatisfy {
            switch $0.result {
            case .confirmed, .settledElsewhere: true
            case .creditedButListed, .stillPending, .rejected, .otherBank, .heldElsewhere, .notSent, .notAttempted: false
            }
        }
    }

    /// The report without the deposits left for another bank: what a sync that goes to every
    /// bank in turn reports for this one.
    public var leavingOutOtherBanks: SyncReport {
        SyncReport(outcomes: outcomes.filter { $0.result != .otherBank }, journalFailure: journalFailure)
    }
}
