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

    /// The fewest deposits settled with one change of the journal, when the journal takes batches.
    static let minimumBatch = 64
    /// A batch is at most this fraction of the deposits left to settle: the journal's rewrites
    /// then shrink geometrically, so a sync of N deposits reads and writes O(N) bytes of journal
    /// in all, not one whole journal per deposit.
    static let batchDivisor = 8

    /// How many deposits in a row the bank may leave unanswered (a refused, lost or timed-out
    /// connection, or a name that does not resolve) before this sync stops sending it any: the
    /// rest stay pending, ``SyncReport/Outcome/Result/notAttempted(_:)``.
    ///
    /// Each deposit is already tried a few times with backoff before it counts, so two in a row
    /// are several attempts over several seconds with no answer: a bank that is down, not a
    /// lost packet. One would give up on a single unlucky deposit; more would only add attempts
    /// (each up to the whole timeout) to a sync of a bank that is not there.
    public static let unansweredLimit = 2

    /// Re-sends every pending deposit recorded for this bank, oldest first.
    ///
    /// Deposits are claimed and settled in batches (as many as the journal's
    /// ``DepositJournal/settlementBatchLimit`` allows): a batch is claimed with one read of the
    /// journal, its deposits sent one by one, and those the bank confirmed taken out with one
    /// change of the journal. Until then they stay claimed and listed; should the process die
    /// first, a later sync sends them again with the same idempotency keys and the bank answers
    /// with the same credit, so none is lost and none credited twice.
    ///
    /// A bank that leaves ``unansweredLimit`` deposits in a row unanswered is sent nothing more:
    /// its remaining deposits are not claimed, not sent, and stay pending, so that a bank that
    /// is down costs a sync a few deposits' attempts, not every pending deposit's.
    ///
    /// A journal that fails once the sync has begun (a claim that cannot be taken, a confirmed
    /// deposit that cannot be taken out) stops the sync: the report says what was done until then,
    /// which deposits the bank credited although the journal still lists them, and which were not
    /// sent, with the failure in ``SyncReport/journalFailure``.
    ///
    /// - Returns: What became of each pending deposit.
    /// - Throws: ``JournalError`` when the journal cannot be read: nothing was sent.
    public func sync() async throws(JournalError) -> SyncReport {
        let pending = try journal.pendingDeposits()
        var results = [SyncReport.Outcome.Result?](repeating: nil, count: pending.count)
        // Journals written before URLs were canonical may spell the same bank differently.
        var ours: [Int] = []
        for (index, deposit) in pending.enumerated() {
            if BankURL.canonical(deposit.bankURL) == configuration.bank {
                ours.append(index)
            } else {
                results[index] = .otherBank
            }
        }
        var failure: JournalError?
        var silence = Silence()
        var next = 0
        while next < ours.count {
            let left = ours.count - next
            let size = min(left, max(1, min(journal.settlementBatchLimit, max(Self.minimumBatch, left / Self.batchDivisor))))
            let batch = Array(ours[next..<(next + size)])
            next += size
            guard failure == nil else {
                for index in batch { results[index] = .notSent }
                continue
            }
            if let givenUp = silence.givenUp {
                for index in batch { results[index] = .notAttempted(givenUp) }
                continue
            }
            failure = await settle(batch, of: pending, into: &results, silence: &silence)
        }
        let outcomes = zip(pending, results).map { deposit, result in
            SyncReport.Outcome(deposit: deposit, result: result ?? .notSent)
        }
        return SyncReport(outcomes: outcomes, journalFailure: failure)
    }

    /// How many deposits in a row the bank has left unanswered, and the last such failure.
    private struct Silence {
        var count = 0
        var lastUnanswered: NetworkError?

        /// Counts what became of one sent deposit.
        mutating func note(_ result: SyncReport.Outcome.Result) {
            if case let .stillPending(error) = result, DepositSynchronizer.isUnanswered(error) {
                count += 1
                lastUnanswered = error
            } else {
                count = 0
                lastUnanswered = nil
            }
        }

        /// The failure to report for the deposits not sent, once the bank is given up.
        var givenUp: NetworkError? {
            count >= DepositSynchronizer.unansweredLimit ? lastUnanswered : nil
        }
    }

    /// Whether `error` says that the bank did not answer, and nothing about the deposit: the
    /// connection was refused, lost or timed out, or the bank's name did not resolve.
    static func isUnanswered(_ error: NetworkError) -> Bool {
        [.connectionRefused, .connectionLost, .timedOut, .hostNotFound].contains(error.kind)
    }

    /// Claims, sends and settles one batch; the journal's failure, if it failed.
    private func settle(
        _ batch: [Int], of pending: [PendingDeposit], into results: inout [SyncReport.Outcome.Result?], silence: inout Silence
    ) async -> JournalError? {
        let attempts: [ClaimAttempt]
        do {
            attempts = try journal.claim(batch.map { pending[$0] })
        } catch {
            for index in batch { results[index] = .notSent }
            return error
        }
        var claims: [DepositClaim] = []
        defer { for claim in claims { claim.release() } }
        var confirmed: [(index: Int, claim: DepositClaim, confirmation: DepositConfirmation)] = []
        for (index, attempt) in zip(batch, attempts) {
            switch attempt {
            case .heldElsewhere:
                results[index] = .heldElsewhere
            case .settled:
                results[index] = .settledElsewhere
            case let .claimed(claim):
                claims.append(claim)
                if let givenUp = silence.givenUp {
                    results[index] = .notAttempted(givenUp)
                    claim.release()
                    continue
                }
                let result = await send(claim.deposit)
                silence.note(result)
                if case let .confirmed(confirmation) = result {
                    confirmed.append((index, claim, confirmation))
                } else {
                    results[index] = result
                    claim.release()
                }
            }
        }
        do {
            try journal.removeDurably(confirmed.map(\.claim))
        } catch {
            for entry in confirmed { results[entry.index] = .creditedButListed(entry.confirmation, error) }
            return error
        }
        for entry in confirmed { results[entry.index] = .confirmed(entry.confirmation) }
        return nil
    }

    /// Sends a claimed deposit: `.confirmed` when the bank confirmed it (it is still listed until
    /// its batch is taken out), or what became of it instead.
    private func send(_ deposit: PendingDeposit) async -> SyncReport.Outcome.Result {
        let request = DepositRequest(account: deposit.account, amountCents: deposit.amountCents, idempotencyKey: deposit.idempotencyKey)
        do {
            return .confirmed(try await network.deposit(request))
        } catch let error as NetworkError where error.mayHaveBeenCredited || !error.isRefusal {
            return .stillPending(error)
        } catch let error as NetworkError {
            return .rejected(error)
        } catch {
            return .stillPending(NetworkError(kind: .transferFailed, message: "\(error)", mayHaveBeenCredited: true))
        }
    }
}
