import Synchronization

/// The requests that wait while an async shared value is being made: made only when a request
/// finds the value being made, which needs the instance to have escaped to another task.
///
/// A waiter checks the slot's state and, while the value is being made, lists its continuation,
/// both under one hold of the lock. The task making the value publishes the slot's new state
/// first, then takes the lock and resumes every listed waiter: with nothing after a success (the
/// waiter then reads the value), with the error after a failure. See
/// `ComponentInstance.sharedAsync`.
final class AsyncSlotWaiters: Sendable {
    private let waiting = Mutex<[CheckedContinuation<Void, any Error>]>([])

    /// Waits until the creation running now ends; returns at once when `isBeingMade` (read while
    /// the lock is held) says that no creation is running any more. Throws the creation's error.
    func wait(whileBeingMade isBeingMade: () -> Bool) async throws {
        guard waiting.withLock({ _ in isBeingMade() }) else { return }
        try await withCheckedThrowingContinuation { continuation in
            let listed = waiting.withLock { waiting in
                guard isBeingMade() else { return false }
                waiting.append(continuation)
                return true
            }
            if !listed { continuation.resume() }
        }
    }

    /// Resumes every listed waiter with `outcome`; called after the slot's state was published.
    func resumeAll(with outcome: Result<Void, any Error>) {
        let resumed = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for continuation in resumed {
            continuation.resume(with: outcome)
        }
    }
}
