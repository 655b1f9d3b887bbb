public import Network
import Synchronization

/// A `NetworkExecutor` that keeps its ledger in memory: for tests and the development app.
///
/// It records every call, behaves like the bank by default (credits once per idempotency key,
/// replays an identical request, rejects a reused key with a different body), and can be
/// scripted to fail, or to wait, before answering.
///
/// ```swift
/// let network = FakeNetworkExecutor()
/// network.script(.fail(NetworkError(kind: .connectionRefused, message: "refused", mayHaveBeenCredited: false)))
/// ```
public final class FakeNetworkExecutor: NetworkExecutor {
    /// What the fake does with the next deposit.
    public enum Step: Sendable {
        /// Behave like the bank.
        case succeed
        /// Throw this error without recording anything.
        case fail(NetworkError)
        /// Record the deposit like the bank, then throw this error (the reply was lost).
        case creditThenFail(NetworkError)
        /// Wait, then behave like the bank.
        case delay(Duration)
        /// Wait at the gate until the test opens it, then take the step the gate is opened with:
        /// a deposit held on its way to the bank, while the test looks at what else happens.
        case hold(Gate)
    }

    /// Where a deposit waits until a test lets it go on: the test awaits ``arrival()``, looks at
    /// the world while the deposit is in flight, then calls ``open(with:)``.
    public final class Gate: Sendable {
        private struct State {
            var arrived = false
            var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
            var step: Step?
            var stepWaiter: CheckedContinuation<Step, Never>?
        }

        private let state = Mutex(State())

        /// Creates a closed gate.
        public init() {}

        /// Returns once a deposit waits at the gate.
        public func arrival() async {
            await withCheckedContinuation { continuation in
                let arrived = state.withLock { state in
                    if !state.arrived { state.arrivalWaiters.append(continuation) }
                    return state.arrived
                }
                if arrived { continuation.resume() }
            }
        }

        /// Lets the waiting deposit (or the next one to arrive) go on with `step`.
        ///
        /// - Parameter step: What the fake does with it then.
        public func open(with step: Step = .succeed) {
            let waiter = state.withLock { state in
                defer { state.stepWaiter = nil }
                if state.stepWaiter == nil { state.step = step }
                return state.stepWaiter
            }
            waiter?.resume(returning: step)
        }

        /// Waits at the gate; the step it is opened with.
        func pass() async -> Step {
            await withCheckedContinuation { continuation in
                let (waiters, step) = state.withLock { state in
                    state.arrived = true
                    defer { state.arrivalWaiters = [] }
                    if state.step == nil { state.stepWaiter = continuation }
                    return (state.arrivalWaiters, state.step)
                }
                for waiter in waiters { waiter.resume() }
                if let step { continuation.resume(returning: step) }
            }
        }
    }

    /// One call as the fake saw it.
    public struct Call: Sendable, Hashable {
        /// The request.
        public let request: DepositRequest
        /// Whether the call credited the account.
        public let credited: Bool
    }

    private struct State {
        var script: [Step] = []
        var calls: [Call] = []
        var balances: [String: Int]
        var deposits: [String: (request: DepositRequest, confirmation: DepositConfirmation)] = [:]
        var nextID = 1
    }

    private let state: Mutex<State>

    /// Creates a fake bank.
    ///
    /// - Parameter balances: The opening balance of each account, in cents; others start at 0.
    public init(balances: [String: Int] = [:]) {
        state = Mutex(State(balances: balances))
    }

    /// Queues steps for the next deposits, in order; after the script, deposits succeed.
    ///
    /// - Parameter steps: The steps.
    public func script(_ steps: Step...) {
        state.withLock { $0.script.append(contentsOf: steps) }
    }

    /// Drops the steps no deposit has taken yet: deposits succeed again.
    public func clearScript() {
        state.withLock { $0.script.removeAll() }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The balance of an account, in cents.
    ///
    /// - Parameter account: The account.
    /// - Returns: Its balance.
    public func balance(of account: String) -> Int {
        state.withLock { $0.balances[account, default: 0] }
    }

    public func deposit(_ request: DepositRequest) async throws -> DepositConfirmation {
        var step = state.withLock { state in state.script.isEmpty ? Step.succeed : state.script.removeFirst() }
        while case let .hold(gate) = step {
            step = await gate.pass()
        }
        switch step {
        case .succeed:
            return try record(request)
        case let .fail(error):
            state.withLock { $0.calls.append(Call(request: request, credited: false)) }
            throw error
        case let .creditThenFail(error):
            _ = try record(request)
            throw error
        case let .delay(duration):
            try await Task.sleep(for: duration)
            return try record(request)
        case .hold:
            return try record(request)
        }
    }

    /// Credits the account the way the bank does: once per idempotency key.
    private func record(_ request: DepositRequest) throws -> DepositConfirmation {
        try state.withLock { state in
            if let earlier = state.deposits[request.idempotencyKey] {
                guard earlier.request == request else {
                    state.calls.append(Call(request: request, credited: false))
                    throw NetworkError(
                        kind: .httpStatus,
                        message: "the fake bank refused the deposit: HTTP 409: idempotency key reused with a different request",
                        statusCode: 409,
                        bankMessage: "idempotency key reused with a different request",
                        mayHaveBeenCredited: false
                    )
                }
                state.calls.append(Call(request: request, credited: false))
                let replay = earlier.confirmation
                return DepositConfirmation(
                    depositID: replay.depositID, account: replay.account, amountCents: replay.amountCents,
                    balanceCents: replay.balanceCents, isReplay: true
                )
            }
            guard request.amountCents > 0 else {
                state.calls.append(Call(request: request, credited: false))
                throw NetworkError(
                    kind: .httpStatus,
                    message: "the fake bank refused the deposit: HTTP 400: amount_cents must be positive",
                    statusCode: 400,
                    bankMessage: "amount_cents must be positive",
                    mayHaveBeenCredited: false
                )
            }
            let balance = state.balances[request.account, default: 0] + request.amountCents
            state.balances[request.account] = balance
            let confirmation = DepositConfirmation(
                depositID: "fake-\(state.nextID)", account: request.account, amountCents: request.amountCents,
                balanceCents: balance, isReplay: false
            )
            state.nextID += 1
            state.deposits[request.idempotencyKey] = (request, confirmation)
            state.calls.append(Call(request: request, credited: true))
            return confirmation
        }
    }
}
