/// Who waits for which shared value while another task or thread makes it, across every built
/// component: what shows a request that its wait would close a cycle of waits that no single
/// task or thread sees. Two requests that enter a cycle of providers at once, one from each
/// end, start both creations; each creation then asks for the other's value, and finds it made
/// by someone else.
///
/// A request consults it only when it must wait for a value that another task or thread is
/// making: a made value and an uncontended claim never touch it. Before it waits, the request
/// follows the waits from the value it wants: that value's maker, the value that maker waits
/// for, that value's maker, and so on. Reaching a value that the request itself makes is a
/// cycle: each maker on the way waits for the next, so none would ever go on. Otherwise the
/// request records its wait, under the same lock, and removes it when the wait ends. The lock
/// orders the records, so of the requests that close a cycle, the last to record finds it.
///
/// No false cycle: every recorded wait is one its waiter cannot leave until the value is made
/// or its creation fails, and it is removed before the waiter takes another step. A maker
/// removes the waits of the requests it resumes before it empties a failed slot
/// (`AsyncSlotWaiters`), so a new creation of that slot never finds them; a wait whose slot
/// became `SlotState.ready` ends a chain. Two requests that wait for one value never form a
/// cycle, and neither does a request from outside every creation: no value names it as maker.
///
/// A wait is recorded under the identity of whoever cannot go on until it ends. For an async
/// value, the waiting task's token (`currentTaskToken()`); for a synchronous one, the thread's
/// token (`currentThreadToken()`) and the tokens of the threads that wait for that thread
/// (`ThreadStack.waitingThreads()`). Synchronous factories never await, so the two kinds of
/// wait never chain into each other; each has a graph of its own (``tasks``, ``threads``).
///
/// A task that awaits the creation task it started (the first request for an escaped value)
/// records nothing: a chain that reaches it stops there. That task makes no value of the
/// instance or its ancestors (it would make the value in place otherwise), so such a chain
/// stops only where a value of a subcomponent, or of another built component, waits for a
/// value whose factory reaches that very instance from outside the graph; that cycle waits for
/// ever, even when one request enters it.
// Safe to share: `waits` is read and written only while `lock` is held. The state word of a
// recorded wait is read only while that wait is recorded, and its waiter, which holds the slot's
// instance or lazy storage, removes the wait before it lets go of them.
final class WaitForGraph: @unchecked Sendable {
    /// The waits of requests for async shared values, by the waiting task's token.
    static let tasks = WaitForGraph()

    /// The waits of requests for synchronous shared values and `Lazy` values, by thread token.
    static let threads = WaitForGraph()

    /// A value that a wait is for: its slot's state word, which says who makes the value.
    struct Slot {
        let state: AtomicWord
        /// The maker when the state says `SlotState.beingMadeByTheBuild`: the task that ran the
        /// build of the slot's instance (`ComponentInstance.escapedIn`).
        let buildMaker: Int

        /// The token of whoever makes the value now; `SlotState.empty` or `.ready` when nobody
        /// does.
        var maker: Int {
            let state = self.state.load(ordering: .acquiring)
            return state == SlotState.beingMadeByTheBuild ? buildMaker : state
        }
    }

    private let lock = PThreadLock()
    private var waits: [Int: Slot] = [:]

    /// Records that `waiters` wait for the value of `slot`, unless its maker waits, through
    /// recorded waits, for a value that one of `waiters` makes: then records nothing and returns
    /// false, since waiting would never end.
    func startWaiting(_ waiters: some Collection<Int>, for slot: Slot) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var maker = slot.maker
        // Each recorded wait is followed once at most. A loop that does not pass through
        // `waiters` is not theirs to report; one that lasts is reported to whoever closed it.
        for _ in 0...waits.count {
            if waiters.contains(maker) { return false }
            guard let next = waits[maker] else { break }
            maker = next.maker
        }
        for waiter in waiters {
            waits[waiter] = slot
        }
        return true
    }

    /// Removes the waits of `waiters`, recorded or not.
    func stopWaiting(_ waiters: some Collection<Int>) {
        lock.lock()
        for waiter in waiters {
            waits[waiter] = nil
        }
        lock.unlock()
    }

    /// How many identities wait for the value whose state word is `state`: for tests, which
    /// must know that a request waits before they let the value be made.
    func waiterCount(for state: AtomicWord) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return waits.values.count { unsafe $0.state.address == state.address }
    }
}
