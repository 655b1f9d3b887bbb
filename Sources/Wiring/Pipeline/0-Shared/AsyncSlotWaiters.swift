/// The requests that wait while an async shared value is being made: made only when a request
/// finds the value being made, which needs the instance to have escaped to another task.
///
/// A waiter takes the lock, checks the slot's state and, while the value is being made, lists
/// its continuation. After a success, the task making the value publishes it first, then takes
/// the lock and resumes every listed waiter with nothing (the waiter then reads the value). After
/// a failure, it empties the slot while it holds the lock, and resumes those listed until then
/// with the error. See `ComponentInstance.sharedAsync`.
///
/// Each waiter's wait is recorded in `WaitForGraph.tasks`; the task making the value removes
/// the waits of those it resumes before it publishes the new state, so a new creation of a
/// slot whose creation failed never finds them (see ``WaitForGraph``).
final class AsyncSlotWaiters: @unchecked Sendable {
    // Safe to share: `waiting` is read and written only while `lock` is held.
    private let lock = PThreadLock()
    /// Each waiting task's continuation and token.
    private var waiting: [(continuation: CheckedContinuation<Void, any Error>, task: Int)] = []

    /// Waits until the creation running now ends, for the task whose token is `task`; returns
    /// at once when `isBeingMade` (read while the lock is held) says that no creation is running
    /// any more. Throws the creation's error.
    func wait(task: Int, whileBeingMade isBeingMade: () -> Bool) async throws {
        lock.lock()
        guard isBeingMade() else {
            lock.unlock()
            return
        }
        try await withCheckedThrowingContinuation { continuation in
            waiting.append((continuation, task))
            lock.unlock()
        }
    }

    /// Resumes every listed waiter with `outcome`; called after the slot's state was published.
    func resumeAll(with outcome: Result<Void, any Error>) {
        resumeAll(with: outcome, publishing: {})
    }

    /// Publishes the slot's new state with `publish` while the lock is held, then resumes every
    /// waiter listed until then with `outcome`. A request that comes after `publish` finds the
    /// new state: it is not listed, and never receives an outcome that is not its creation's.
    func resumeAll(with outcome: Result<Void, any Error>, publishing publish: () -> Void) {
        lock.lock()
        let resumed = waiting
        waiting = []
        if !resumed.isEmpty {
            WaitForGraph.tasks.stopWaiting(resumed.map(\.task))
        }
        publish()
        lock.unlock()
        for waiter in resumed {
            waiter.continuation.resume(with: outcome)
        }
    }
}
