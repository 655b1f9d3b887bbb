import Dispatch
import Foundation
import Synchronization

/// Counts the units of work a watched body has finished, from any thread.
final class ProgressCounter: Sendable {
    private let count = Atomic(0)
    private let started = Atomic(false)

    /// Records that the body runs: the watch counts no window before, since a task that the
    /// pool has not started yet (other suites' tasks hold its threads) is waiting, not stuck.
    func start() {
        started.store(true, ordering: .releasing)
    }

    /// Whether the body has started.
    var hasStarted: Bool {
        started.load(ordering: .acquiring)
    }

    /// Records one more finished unit.
    func advance() {
        count.wrappingAdd(1, ordering: .releasing)
    }

    /// The units finished so far.
    var value: Int {
        count.load(ordering: .acquiring)
    }
}

/// Decides that a watched body is stuck: no unit finished for a whole `window` while the
/// cooperative pool kept running other work.
///
/// A busy machine makes each unit slower but the count still moves; a deadlock stops it. So the
/// decision looks at when the count last moved, never at how long the whole run has taken. And a
/// pool whose threads are all held by other suites' long synchronous tests runs none of the
/// body's tasks, which is not the body's fault: the window counts only while the pool runs a
/// probe task (`poolRan`). A pool that runs nothing at all for `deadPoolWindow` (a deadlock that
/// holds every thread of it) is reported too, much later.
struct StallDetector {
    let window: Duration
    let deadPoolWindow: Duration
    private var lastCount: Int?
    private var stalledSince: ContinuousClock.Instant?
    private var poolDeadSince: ContinuousClock.Instant?

    init(window: Duration, deadPoolWindow: Duration = .seconds(1_800)) {
        self.window = window
        self.deadPoolWindow = deadPoolWindow
    }

    /// Takes one look at the count, and at whether the pool ran a probe since the last look;
    /// true when the body is stuck.
    mutating func isStalled(count: Int, poolRan: Bool = true, at now: ContinuousClock.Instant) -> Bool {
        guard lastCount == count else {
            // The count moved: the window starts again now.
            lastCount = count
            stalledSince = now
            poolDeadSince = nil
            return false
        }
        guard poolRan else {
            // Not the body's window: the pool is busy elsewhere (or wholly stuck).
            stalledSince = nil
            let since = poolDeadSince ?? now
            poolDeadSince = since
            return now - since >= deadPoolWindow
        }
        poolDeadSince = nil
        let since = stalledSince ?? now
        stalledSince = since
        return now - since >= window
    }
}

/// Runs a body of `total` units of work and gives up on it only when it stops making progress.
enum ProgressWatch {
    enum Outcome<T> {
        /// The body returned this.
        case finished(T)
        /// No unit finished for a whole window; `done` units had finished.
        case stalled(done: Int)
    }

    /// Runs `body` in a task of its own and waits for it, looking at its counter from a thread
    /// outside the cooperative pool (which a deadlock may have filled) every tenth of `window`,
    /// once the task has started.
    /// When the counter stops moving for `window`, returns `.stalled` at once and leaves the
    /// body's task behind: it cannot be stopped, but the caller can report and go on.
    static func run<T: Sendable>(
        total: Int, window: Duration, _ body: @escaping @Sendable (ProgressCounter) async -> T
    ) async -> Outcome<T> {
        let counter = ProgressCounter()
        let decision = Decision()
        let finished = DispatchSemaphore(value: 0)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome<T>, Never>) in
            Task {
                counter.start()
                let value = await body(counter)
                finished.signal()
                if decision.claim() { continuation.resume(returning: .finished(value)) }
            }
            let tick = window / 10
            let (seconds, attoseconds) = tick.components
            let tickNanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            let monitor = Thread {
                var detector = StallDetector(window: window)
                let probes = ProgressCounter()
                var probesSeen = 0
                while finished.wait(timeout: .now() + .nanoseconds(tickNanoseconds)) == .timedOut {
                    // Whether the pool ran the probe sent at the last look, then a new probe.
                    let probesNow = probes.value
                    let poolRan = probesNow != probesSeen
                    probesSeen = probesNow
                    Task { probes.advance() }
                    guard counter.hasStarted else { continue }
                    let done = counter.value
                    if done < total, detector.isStalled(count: done, poolRan: poolRan, at: .now) {
                        if decision.claim() { continuation.resume(returning: .stalled(done: done)) }
                        return
                    }
                }
            }
            monitor.start()
        }
    }

    /// Lets exactly one of the body and the monitor resume the continuation.
    private final class Decision: Sendable {
        private let taken = Atomic(false)

        func claim() -> Bool {
            taken.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        }
    }
}

extension ProgressCounter {
    /// Records one finished unit and hands back its result: `group.addTask { progress.after(work()) }`.
    func after<T>(_ result: T) -> T {
        advance()
        return result
    }
}
