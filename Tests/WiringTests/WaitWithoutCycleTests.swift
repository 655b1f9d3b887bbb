// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Testing
@testable import Wiring

// Requests that wait for a value another task makes, with no cycle anywhere: they wait and get
// the value, never the error of `AsyncCycleFromBothEndsTests`. Each test lets the value be made
// only once the waits it expects are recorded (`WaitForGraph`), so every run follows recorded
// waits before it waits. No clock decides a verdict: the tests watch the recorded waits.

final class Kettle: Sendable {}

final class Teapot: Sendable {
    let kettle: Kettle
    init(kettle: Kettle) { self.kettle = kettle }
}

final class TeaTray: Sendable {
    let teapot: Teapot
    init(teapot: Teapot) { self.teapot = teapot }
}

/// The seed of ``KettleComponent``: the kettle's factory says it has started, then waits until
/// the test lets it boil.
final class KettleGates: Sendable {
    let started = OneShotGate()
    let boil = OneShotGate()
}

struct KettleRoot: Sendable {
    let kettle: AsyncProvider<Kettle>
    let teapot: AsyncProvider<Teapot>
    let tray: AsyncProvider<TeaTray>
}

/// A slow shared value, a shared value that waits for it, and one that waits for that one: a
/// chain of waits without a cycle.
struct KettleComponent: RootComponent {
    typealias Seed = KettleGates
    typealias Root = KettleRoot

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Kettle.self).sharedInScope().to { (gates: KettleGates) async in
            gates.started.open()
            await gates.boil.wait()
            return Kettle()
        }
        binder.bind(Teapot.self).sharedInScope().to { (kettle: AsyncProvider<Kettle>) async throws in
            Teapot(kettle: try await kettle.get())
        }
        binder.bind(TeaTray.self).sharedInScope().to { (teapot: AsyncProvider<Teapot>) async throws in
            TeaTray(teapot: try await teapot.get())
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<KettleRoot>) -> BindingReceipt<KettleRoot> {
        bind.to(factory: KettleRoot.init)
    }
}

extension AsyncProvider {
    /// How many tasks have recorded that they wait for this provider's shared value.
    fileprivate var waitingTasks: Int {
        WaitForGraph.tasks.waiterCount(for: instance.instance.words.state(at: sharedSlot!.stateOffset))
    }

    /// Returns true once `count` tasks have recorded that they wait for this provider's shared
    /// value; false if the test is cancelled first.
    fileprivate func waitUntilWaited(by count: Int) async -> Bool {
        while waitingTasks < count {
            if Task.isCancelled { return false }
            await Task.yield()
        }
        return true
    }
}

@Suite(.tags(.concurrency))
struct WaitWithoutCycleTests {
    @Test
    func twoUnrelatedTasksThatWaitForOneValueGetTheSameOne() async throws {
        let gates = KettleGates()
        let root = try ComponentFactory.of(KettleComponent.self).build(gates)
        async let first = root.kettle.get()
        await gates.started.wait()
        async let second = root.kettle.get()
        async let third = root.kettle.get()
        #expect(await root.kettle.waitUntilWaited(by: 2))
        gates.boil.open()
        let kettles = try await [first, second, third]
        #expect(kettles.allSatisfy { $0 === kettles[0] })
        #expect(root.kettle.waitingTasks == 0)
    }

    @Test
    func aChainOfCreationsThatWaitForEachOtherGetsItsValues() async throws {
        let gates = KettleGates()
        let root = try ComponentFactory.of(KettleComponent.self).build(gates)
        async let kettle = root.kettle.get()
        await gates.started.wait()
        // The teapot's creation waits for the kettle's; the tray's waits for the teapot's, and
        // follows the teapot's wait to the kettle, whose maker waits for nothing.
        async let teapot = root.teapot.get()
        #expect(await root.kettle.waitUntilWaited(by: 1))
        async let tray = root.tray.get()
        async let trayAgain = root.tray.get()
        #expect(await root.teapot.waitUntilWaited(by: 1))
        #expect(await root.tray.waitUntilWaited(by: 1))
        gates.boil.open()
        let (madeKettle, madeTeapot, madeTray, trayAgainMade) = try await (kettle, teapot, tray, trayAgain)
        #expect(madeTeapot.kettle === madeKettle)
        #expect(madeTray.teapot === madeTeapot)
        #expect(trayAgainMade === madeTray)
        #expect(root.kettle.waitingTasks == 0 && root.teapot.waitingTasks == 0 && root.tray.waitingTasks == 0)
    }
}
#endif
