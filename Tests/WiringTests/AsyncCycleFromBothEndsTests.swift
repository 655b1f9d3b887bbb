import Synchronization
import Testing
import Wiring

// Two async shared bindings that ask for each other through `AsyncProvider`s form a legal
// cycle, which a factory must not close while it runs. One request that enters it finds that
// out (`AsyncSharedCycleTests`). Two requests that enter it at the same moment from its two ends
// start both creations first, then each asks for the other's value: no task makes both, so each
// creation waits for the other. Gates force that order in every run, without a clock.
// `SyncCycleFromBothEndsTests` does the same with threads.

/// A door that opens once: the tasks that wait for it before it opens go on when it does.
final class OneShotGate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiting.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }
}

/// The seed of ``BothEndsPingPongComponent``: each factory says it has started, and asks for the
/// other value only once the other factory has started too.
private final class PingPongGates: Sendable {
    let pingStarted = OneShotGate()
    let pongStarted = OneShotGate()
}

private struct PingPongPair: Sendable {
    let ping: AsyncProvider<Ping>
    let pong: AsyncProvider<Pong>
}

/// `PingPongComponent`'s pair, whose root gives both ends.
private struct BothEndsPingPongComponent: RootComponent {
    typealias Seed = PingPongGates
    typealias Root = PingPongPair

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Ping.self, file: "App/Ping.swift", line: 7).sharedInScope().to { (gates: PingPongGates, pong: AsyncProvider<Pong>) async throws in
            gates.pingStarted.open()
            await gates.pongStarted.wait()
            _ = try await pong.get()
            return Ping()
        }
        binder.bind(Pong.self, file: "App/Pong.swift", line: 9).sharedInScope().to { (gates: PingPongGates, ping: AsyncProvider<Ping>) async throws in
            gates.pongStarted.open()
            await gates.pingStarted.wait()
            _ = try await ping.get()
            return Pong()
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<PingPongPair>) -> BindingReceipt<PingPongPair> {
        bind.to(factory: PingPongPair.init)
    }
}

@Suite(.tags(.concurrency))
struct AsyncCycleFromBothEndsTests {
    /// The message of a request for `requested` that a factory of the cycle made, thrown by the
    /// factory of `thrower`, as `AsyncSharedCycleTests` spells it.
    static func cycle(requested: String, thrownBy thrower: String, requiredBy: String? = nil) -> String {
        let locations = ["Ping": "App/Ping.swift:7", "Pong": "App/Pong.swift:9"]
        var message = """
            The factory of \(thrower) at \(locations[thrower]!) in BothEndsPingPongComponent threw: \
            Wiring: the shared \(requested) was requested again while its own factory was running. \
            A factory awaited an AsyncProvider of a binding that depends on it; \
            keep the provider and call it after construction instead.
            """
        if let requiredBy { message += "\n  required by \(requiredBy) at \(locations[requiredBy]!)" }
        return message
    }

    @Test
    func twoRequestsThatEnterACycleFromItsTwoEndsBothThrow() async throws {
        let root = try ComponentFactory.of(BothEndsPingPongComponent.self).build(PingPongGates())
        async let ping = thrownMessage { try await root.ping.get() }
        async let pong = thrownMessage { try await root.pong.get() }
        let errors = await [ping, pong]
        // The creation that asks second finds the cycle and throws; the other one receives its
        // error from the value it waits for, and passes it on.
        let pongFoundIt = [
            Self.cycle(requested: "Ping", thrownBy: "Pong", requiredBy: "Ping"),
            Self.cycle(requested: "Ping", thrownBy: "Pong"),
        ]
        let pingFoundIt = [
            Self.cycle(requested: "Pong", thrownBy: "Ping"),
            Self.cycle(requested: "Pong", thrownBy: "Ping", requiredBy: "Pong"),
        ]
        #expect(errors == pongFoundIt || errors == pingFoundIt)
    }

    @Test
    func bothSlotsAreEmptyAfterwardsAndALaterRequestFindsTheCycleAlone() async throws {
        let root = try ComponentFactory.of(BothEndsPingPongComponent.self).build(PingPongGates())
        async let ping = thrownMessage { try await root.ping.get() }
        async let pong = thrownMessage { try await root.pong.get() }
        let errors = await [ping, pong]
        try #require(errors.allSatisfy { $0 != nil })
        // The gates are open now: one request makes both values, as in `PingPongComponent`.
        for _ in 0..<2 {
            let error = try await #require(throws: ResolutionError.self) { try await root.ping.get() }
            #expect(error.description == Self.cycle(requested: "Ping", thrownBy: "Pong", requiredBy: "Ping"))
        }
        let error = try await #require(throws: ResolutionError.self) { try await root.pong.get() }
        #expect(error.description == Self.cycle(requested: "Pong", thrownBy: "Ping", requiredBy: "Pong"))
    }
}

/// The description of what `request` threw; nil when it returned a value.
private func thrownMessage<T>(_ request: () async throws -> T) async -> String? {
    do {
        _ = try await request()
        return nil
    } catch {
        return "\(error)"
    }
}
