public import ATMLib
import Synchronization

/// A deposit journal in memory, for tests: it keeps what a file journal would, claims included,
/// and can be told to fail so that a test can check nothing is sent when a deposit cannot be
/// recorded.
public final class InMemoryDepositJournal: DepositJournal {
    private struct State {
        var pending: [PendingDeposit] = []
        var claimed: Set<String> = []
        var failure: JournalError?
        var removalFailure: JournalError?
        var removalsBeforeFailure = 0
        var durabilityFailure: JournalError?
        var claimFailure: JournalError?
    }

    private let state = Mutex(State())

    /// Creates a journal.
    ///
    /// - Parameter pending: Deposits already pending.
    public init(pending: [PendingDeposit] = []) {
        state.withLock { $0.pending = pending }
    }

    /// `memory`.
    public var location: String { "memory" }

    /// Makes every later operation throw `error`, or succeed again with nil.
    ///
    /// - Parameter error: The error, or nil.
    public func fail(with error: JournalError?) {
        state.withLock { $0.failure = error }
    }

    /// Makes every later removal throw `error`, or succeed again with nil: the disk that fills
    /// up while a deposit is on its way to the bank.
    ///
    /// - Parameters:
    ///   - error: The error, or nil.
    ///   - count: How many removals succeed before they start failing.
    public func failRemovals(with error: JournalError?, after count: Int = 0) {
        state.withLock { state in
            state.removalFailure = error
            state.removalsBeforeFailure = count
        }
    }

    /// Makes every later ``removeDurably(_:)`` take the deposit out and then throw `error`, or
    /// succeed again with nil: a folder whose sync fails after the journal was replaced.
    ///
    /// - Parameter error: The error, or nil; a file journal's is of the kind
    ///   ``JournalError/Kind/leftUnsent``.
    public func failDurability(with error: JournalError?) {
        state.withLock { $0.durabilityFailure = error }
    }

    /// Makes every later claim throw `error`, or succeed again with nil: a folder where the
    /// journal's claims cannot be written.
    ///
    /// - Parameter error: The error, or nil.
    public func failClaims(with error: JournalError?) {
        state.withLock { $0.claimFailure = error }
    }

    /// The keys of the deposits claimed now.
    public var claimedKeys: Set<String> {
        state.withLock { $0.claimed }
    }

    /// Records a deposit before it is sent, and claims it; a deposit with the same key is replaced.
    @discardableResult
    public func record(_ deposit: PendingDeposit) throws(JournalError) -> DepositClaim {
        try state.withLock { state throws(JournalError) in
            if let failure = state.failure { throw failure }
            state.pending.removeAll { $0.idempotencyKey == deposit.idempotencyKey }
            state.pending.append(deposit)
            state.claimed.insert(deposit.idempotencyKey)
        }
        return makeClaim(deposit)
    }

    /// Claims a pending deposit, unless it is claimed already or has left the journal.
    public func claim(_ deposit: PendingDeposit) throws(JournalError) -> ClaimAttempt {
        let claimed = try state.withLock { state throws(JournalError) -> Bool? in
            if let failure = state.failure ?? state.claimFailure { throw failure }
            guard state.pending.contains(where: { $0.idempotencyKey == deposit.idempotencyKey }) else { return nil }
            return state.claimed.insert(deposit.idempotencyKey).inserted
        }
        switch claimed {
        case nil: return .settled
        case false?: return .heldElsewhere
        case true?: return .claimed(makeClaim(deposit))
        }
    }

    /// Removes a claimed deposit.
    public func remove(_ claim: DepositClaim) throws(JournalError) {
        try state.withLock { state throws(JournalError) in
            if let failure = state.failure { throw failure }
            if let failure = state.removalFailure {
                guard state.removalsBeforeFailure > 0 else { throw failure }
                state.removalsBeforeFailure -= 1
            }
            state.pending.removeAll { $0.idempotencyKey == claim.deposit.idempotencyKey }
        }
    }

    /// Removes claimed deposits, then throws what ``failDurability(with:)`` set, if anything.
    public func removeDurably(_ claims: [DepositClaim]) throws(JournalError) {
        try remove(claims)
        if let failure = state.withLock({ $0.durabilityFailure }) { throw failure }
    }

    /// The deposits still waiting for the bank, oldest first.
    public func pendingDeposits() throws(JournalError) -> [PendingDeposit] {
        try state.withLock { state throws(JournalError) in
            if let failure = state.failure { throw failure }
            return state.pending
        }
    }

    private func makeClaim(_ deposit: PendingDeposit) -> DepositClaim {
        DepositClaim(deposit: deposit) { [self] in
            _ = self.state.withLock { $0.claimed.remove(deposit.idempotencyKey) }
        }
    }
}
