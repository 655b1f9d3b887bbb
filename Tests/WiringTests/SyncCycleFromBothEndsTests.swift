import Foundation
import Testing
import Wiring

// Two shared bindings that ask for each other through `Provider`s form a legal cycle, which a
// factory must not close while it runs. One thread that enters it stops the process with a
// message (`DeepProviderCycleTests`). Two threads that enter it at the same moment from its two
// ends start both creations first, then each asks for the other's value: each thread waits for
// a value the other is making. Semaphores force that order in every run, without a clock; the
// process that stops is the exit test's child. `AsyncCycleFromBothEndsTests` does the same with
// tasks. Not tagged `.concurrency`: the process stops, which ThreadSanitizer's run cannot test.

/// The seed of ``BothEndsLeftRightComponent``: each factory says it has started, and asks for
/// the other value only once the other factory has started too.
private final class LeftRightGates: Sendable {
    let leftStarted = DispatchSemaphore(value: 0)
    let rightStarted = DispatchSemaphore(value: 0)
}

private final class Left: Sendable {
    init(gates: LeftRightGates, right: Provider<Right>) {
        gates.leftStarted.signal()
        gates.rightStarted.wait()
        _ = right.get()
    }
}

private final class Right: Sendable {
    init(gates: LeftRightGates, left: Provider<Left>) {
        gates.rightStarted.signal()
        gates.leftStarted.wait()
        _ = left.get()
    }
}

private struct LeftRightPair: Sendable {
    let left: Provider<Left>
    let right: Provider<Right>
}

private struct BothEndsLeftRightComponent: RootComponent {
    typealias Seed = LeftRightGates
    typealias Root = LeftRightPair

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Left.self).sharedInScope().to(factory: Left.init)
        binder.bind(Right.self).sharedInScope().to(factory: Right.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<LeftRightPair>) -> BindingReceipt<LeftRightPair> {
        bind.to(factory: LeftRightPair.init)
    }
}

struct SyncCycleFromBothEndsTests {
    @Test
    func twoThreadsThatEnterACycleFromItsTwoEndsStopTheProcessWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try SyncCycleFromBothEndsTests.askForBothEnds()
        }
        // The thread that asks second finds the cycle: it names the value it asked for.
        let line = DeepProviderCycleTests.failureLine(result)
        #expect(
            line == DeepProviderCycleTests.message(for: "Left") || line == DeepProviderCycleTests.message(for: "Right"),
            "\(line ?? "no failure line")"
        )
    }

    /// Asks for `Left` on one thread and for `Right` on another, and waits for ever: the
    /// process ends only when Wiring stops it.
    static func askForBothEnds() throws {
        let root = try ComponentFactory.of(BothEndsLeftRightComponent.self).build(LeftRightGates())
        Thread { _ = root.left.get() }.start()
        Thread { _ = root.right.get() }.start()
        DispatchSemaphore(value: 0).wait()
    }
}
