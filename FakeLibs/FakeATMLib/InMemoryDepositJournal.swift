public import ATMLib
import Synchronization

/// A deposit journal in memory, for tests: it keeps what a file journal would, and can be told
/// to fail so that a test can check nothing is sent when a deposit cannot be recorded.
public final class InMemoryDepositJournal: DepositJournal {
    private struct State {
        var pending: [PendingDeposit] = []
        var failure: JournalError?
    }

    private let state = Mutex(State())

    /// Creates an empty journal.
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

    /// Records a deposit before it is sent; a deposit with the same key is replaced.
    public func record(_ deposit: PendingDeposit) throws(JournalError) {
        try state.withLock { state throws(JournalError) in
            if let failure = state.failure { throw failure }
            state.pending.removeAll { $0.idempotencyKey == deposit.idempotencyKey }
            state.pending.append(deposit)
        }
    }

    /// Removes a deposit the bank confirmed or certainly did not record.
    public func remove(idempotencyKey: String) throws(JournalError) {
        try state.withLock { state throws(JournalError) in
            if let failure = state.failure { throw failure }
            state.pending.removeAll { $0.idempotencyKey == idempotencyKey }
        }
    }

    /// The deposits still waiting for the bank, oldest first.
    public func pendingDeposits() throws(JournalError) -> [PendingDeposit] {
        try state.withLock { state throws(JournalError) in
            if let failure = state.failure { throw failure }
            return state.pending
        }
    }
}
