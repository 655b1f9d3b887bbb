#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes a value exactly once, however many threads ask at the same time: the protocol behind
/// shared bindings and `Lazy`.
///
/// The state word is `SlotState.empty`, `SlotState.ready`, or the token of the thread that is
/// making the value. The first thread to move it from `empty` to its token makes the value,
/// stores it, and publishes it with a releasing store of `ready`; the others wait until they
/// acquire `ready`. Only atomics are involved, so ThreadSanitizer follows every step.
@usableFromInline
enum OnceSlot {
    /// The value at `value`, made by `make` if no thread has made it yet.
    ///
    /// - Parameters:
    ///   - state: The slot's state word, `empty` at first.
    ///   - value: Where the value lives; initialised by the first caller.
    ///   - name: What the value is, for the message of a factory that asks for itself.
    ///   - make: Makes the value.
    @inlinable
    static func value<T>(
        state: AtomicWord, value: UnsafeMutablePointer<T>, name: @autoclosure () -> String, make: () -> T
    ) -> T {
        if claim(state, name: name) {
            unsafe value.initialize(to: make())
            publish(state)
        }
        return unsafe value.pointee
    }

    /// Claims an empty slot for the calling thread, which must then initialise the value and
    /// ``publish(_:)`` it: returns true. Returns false once another thread has made the value,
    /// waiting for it if it is being made. Not generic: the code each type adds stays small.
    ///
    /// `isUncontended` says no other thread can reach the slot yet (its instance has not
    /// escaped): the claim is then a load and a store, without a compare-and-swap.
    @usableFromInline
    static func claim(_ state: AtomicWord, isUncontended: Bool = false, name: () -> String) -> Bool {
        let token = currentThreadToken()
        if isUncontended, state.load(ordering: .relaxed) == SlotState.empty {
            state.store(token, ordering: .relaxed)
            return true
        }
        while true {
            let (exchanged, found) = state.compareExchange(
                expected: SlotState.empty, desired: token, ordering: .acquiringAndReleasing
            )
            if exchanged { return true }
            if found == SlotState.ready { return false }
            waitWhileMaking(state: state, maker: found, token: token, name: name)
        }
    }

    /// Marks a claimed slot's value as made, for every thread that reads the state afterwards.
    @inlinable
    static func publish(_ state: AtomicWord) {
        state.store(SlotState.ready, ordering: .releasing)
    }

    /// Gives up a claimed slot whose factory threw: the slot is empty again, and the next
    /// request (or a thread waiting for this one) claims it and tries again.
    static func abandon(_ state: AtomicWord) {
        state.store(SlotState.empty, ordering: .releasing)
    }

    /// Waits while another thread makes the value: until the slot is `ready`, or `empty` again
    /// because that thread's factory threw.
    ///
    /// Stops the process when the wait would never end, which can only be a cycle through a
    /// provider called too early: the maker is the calling thread itself, or a thread that waits
    /// for it (a stack checkpoint moved the rest of the maker's resolution to this thread), so
    /// its factory asked for the value it is making; or the maker waits, through other threads'
    /// waits, for a value this thread makes (two threads entered the cycle from its two ends:
    /// see ``WaitForGraph``).
    static func waitWhileMaking(state: AtomicWord, maker: Int, token: Int, name: () -> String) {
        let waitingThreads = ThreadStack.waitingThreads()
        if maker == token || waitingThreads.contains(maker) {
            stopForCycle(name: name())
        }
        let waiters = waitingThreads + [token]
        let graph = WaitForGraph.threads
        guard graph.startWaiting(waiters, for: WaitForGraph.Slot(state: state, buildMaker: SlotState.beingMadeByTheBuild)) else {
            stopForCycle(name: name())
        }
        var attempts = 0
        while state.load(ordering: .acquiring) == maker {
            attempts += 1
            pause(attempt: attempts)
        }
        graph.stopWaiting(waiters)
    }

    /// Stops the process: the shared `name` was requested while its own factory ran.
    private static func stopForCycle(name: String) -> Never {
        // `fatalError`, not `precondition`: an optimised build prints no precondition's message,
        // and this one says which binding to fix.
        fatalError(
            "Wiring: the shared \(name) was requested again while its own factory was running. "
                + "A factory called a Provider (or a () -> T closure) of a binding that depends on it; "
                + "keep the provider and call it after construction instead."
        )
    }

    /// Waits for another thread's factory: yields at first, then sleeps up to a millisecond.
    static func pause(attempt: Int) {
        if attempt < 64 {
            sched_yield()
        } else {
            usleep(UInt32(min(1 << min(attempt - 64, 10), 1000)))
        }
    }
}

/// A number that identifies the calling thread and is never `SlotState.empty` or `.ready`.
@usableFromInline
func currentThreadToken() -> Int {
    #if canImport(Darwin)
    return Int(bitPattern: UInt(bitPattern: pthread_self())) | 2
    #else
    return Int(bitPattern: UInt(pthread_self())) | 2
    #endif
}
