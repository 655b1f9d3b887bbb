import Synchronization
import Testing

/// The deadlock check of `ContainerStressTests`: it gives up on a body that stops making
/// progress, with what was stuck, and returns so that the run goes on; it never gives up on a
/// body that keeps making progress, however long that body takes in all.
struct ProgressWatchTests {
    @Test func aBodyThatStopsMakingProgressIsReportedWithWhatFinishedAndTheCallerGoesOn() async {
        let gate = Gate()
        // A stalled fake: one unit finishes, the other two wait for a gate that opens only
        // once the watch has returned.
        let outcome = await ProgressWatch.run(total: 3, window: .milliseconds(200)) { progress in
            progress.advance()
            await gate.wait()
            progress.advance()
            progress.advance()
            return "finished"
        }
        gate.open()
        guard case let .stalled(done) = outcome else {
            Issue.record("a body stuck on a closed gate was not reported as stalled: \(outcome)")
            return
        }
        #expect(done == 1)
    }

    @Test func aBodyThatFinishesReturnsItsValue() async {
        let outcome = await ProgressWatch.run(total: 2, window: .seconds(600)) { progress in
            progress.advance()
            progress.advance()
            return 42
        }
        guard case let .finished(value) = outcome else {
            Issue.record("a body that finished was reported as \(outcome)")
            return
        }
        #expect(value == 42)
    }

    @Test func progressWithinEachWindowIsNeverAStallHoweverLongTheWholeRunTakes() {
        var detector = StallDetector(window: .seconds(120))
        let start = ContinuousClock.now
        // One unit every 100 s for 10,000 s: far past any deadline, never 120 s without progress.
        var stalls: [Int] = []
        for step in 0...100 {
            if detector.isStalled(count: step, at: start + .seconds(100 * step)) { stalls.append(100 * step) }
            if detector.isStalled(count: step, at: start + .seconds(100 * step + 99)) { stalls.append(100 * step + 99) }
        }
        #expect(stalls == [])
        let beforeTheWindow = detector.isStalled(count: 100, at: start + .seconds(10_119))
        let atTheWindow = detector.isStalled(count: 100, at: start + .seconds(10_120))
        #expect(!beforeTheWindow)
        #expect(atTheWindow)
    }

    @Test func aPoolBusyWithOtherWorkDoesNotCountAgainstTheBody() {
        var detector = StallDetector(window: .seconds(120), deadPoolWindow: .seconds(1_800))
        let start = ContinuousClock.now
        // 1,000 s without a unit, but the pool ran no probe either: other suites held it.
        var stalls: [Int] = []
        _ = detector.isStalled(count: 0, at: start)
        for second in stride(from: 10, through: 1_000, by: 10) where detector.isStalled(count: 0, poolRan: false, at: start + .seconds(second)) {
            stalls.append(second)
        }
        #expect(stalls == [])
        // The pool runs again and the body still makes no progress: the window starts then.
        let first = detector.isStalled(count: 0, poolRan: true, at: start + .seconds(1_010))
        let second = detector.isStalled(count: 0, poolRan: true, at: start + .seconds(1_129))
        let third = detector.isStalled(count: 0, poolRan: true, at: start + .seconds(1_130))
        #expect([first, second, third] == [false, false, true])
    }

    @Test func aPoolThatRunsNothingForTheLongWindowIsAStall() {
        var detector = StallDetector(window: .seconds(120), deadPoolWindow: .seconds(1_800))
        let start = ContinuousClock.now
        _ = detector.isStalled(count: 5, at: start)
        let before = detector.isStalled(count: 5, poolRan: false, at: start + .seconds(10))
        let late = detector.isStalled(count: 5, poolRan: false, at: start + .seconds(1_809))
        let atTheWindow = detector.isStalled(count: 5, poolRan: false, at: start + .seconds(1_810))
        #expect([before, late, atTheWindow] == [false, false, true])
    }
}

/// A gate that tasks wait on without blocking a thread, until it is opened.
private final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
