import ATMTestSupport
@testable import BankNetwork
import Foundation
import Network
import Synchronization
import Testing

/// What `BankNetworkExecutor` sends, and how it treats replies the simulator cannot produce,
/// checked against a scripted server that records every request.
struct BankNetworkExecutorWireTests {
    @Test func theRequestIsACompactJSONPostWithTheProtocolsHeaders() async throws {
        let server = try ScriptedHTTPServer(script: [.status(201, body: created(4_500))])
        _ = try await makeExecutor(server, bearerToken: "tok-5d2e9b").deposit(request(4_500))
        let sent = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(sent.requestLine == "POST /v1/accounts/alice/deposits HTTP/1.1")
        #expect(sent.body == #"{"amount_cents":4500,"currency":"USD"}"#)
        #expect(sent.header("Content-Type") == "application/json")
        #expect(sent.header("Accept") == "application/json")
        #expect(sent.header("Idempotency-Key") == "atm-7-0042")
        #expect(sent.header("Authorization") == "Bearer tok-5d2e9b")
        #expect(sent.header("User-Agent") == "wiring-atm/1.0")
        #expect(sent.header("Content-Length") == "38")
        #expect(sent.header("Expect") == nil)
    }

    @Test func noAuthorizationHeaderIsSentWithoutAToken() async throws {
        let server = try ScriptedHTTPServer(script: [.status(201, body: created(4_500))])
        _ = try await makeExecutor(server).deposit(request(4_500))
        #expect(server.requests.map { $0.header("Authorization") } == [nil])
    }

    @Test func everyAttemptCarriesTheSameIdempotencyKeyAndBody() async throws {
        let server = try ScriptedHTTPServer(script: [
            .status(503), .status(502, body: #"{"error":"upstream"}"#), .close, .status(201, body: created(4_500)),
        ])
        let confirmation = try await makeExecutor(server, maxAttempts: 4).deposit(request(4_500))
        #expect(confirmation.isReplay == false)
        #expect(server.requests.count == 4)
        let keys: [String?] = server.requests.map { request in request.header("Idempotency-Key") }
        let bodies: Set<String> = Set(server.requests.map(\.body))
        #expect(keys == Array(repeating: "atm-7-0042", count: 4))
        #expect(bodies == [#"{"amount_cents":4500,"currency":"USD"}"#])
    }

    @Test func aBusyBankIsAskedAgainAfterItsRetryAfter() async throws {
        let server = try ScriptedHTTPServer(script: [
            .status(429, headers: ["Retry-After: 1"], body: #"{"error":"slow down"}"#), .status(201, body: created(4_500)),
        ])
        let clock = ContinuousClock()
        let start = clock.now
        let confirmation = try await makeExecutor(server, maxAttempts: 2).deposit(request(4_500))
        #expect(clock.now - start >= .seconds(1))
        #expect(confirmation.isReplay == false)
        #expect(server.requests.map { $0.header("Idempotency-Key") } == ["atm-7-0042", "atm-7-0042"])
    }

    @Test(arguments: [408, 429])
    func aBankThatStaysBusyRecordedNothing(status: Int) async throws {
        let server = try ScriptedHTTPServer(script: [.status(status), .status(status, body: #"{"error":"try later"}"#)])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server, maxAttempts: 2).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at \(server.baseURL) did not take the deposit now: HTTP \(status): try later",
            statusCode: status, bankMessage: "try later", mayHaveBeenCredited: false
        ))
        #expect(!error.isRefusal)
        #expect(server.requests.count == 2)
    }

    @Test func theLastAttemptsErrorIsThrownButAnEarlierPossibleCreditIsKept() async throws {
        // Attempt 1 reaches the bank and loses its reply; attempt 2 finds the bank gone.
        let server = try ScriptedHTTPServer(script: [.closeAndStopListening])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server, maxAttempts: 2).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .connectionRefused, message: "cannot reach the bank at \(server.baseURL): connection refused", mayHaveBeenCredited: true
        ))
        #expect(server.requests.count == 1)
    }

    @Test func cancellingDuringThePauseBetweenAttemptsKeepsAnEarlierPossibleCredit() async throws {
        let server = try ScriptedHTTPServer(script: [.close])
        let pause = HeldPause()
        let executor = BankNetworkExecutor(
            configuration: try BankConfiguration(baseURL: server.baseURL, maxAttempts: 2, retryBaseDelay: .seconds(10)),
            pause: pause.wait
        )
        let task = Task { try await executor.deposit(request(4_500)) }
        // The pause after attempt 1: 10 s less at most 20 % jitter is over the 5 s cap.
        #expect(await pause.entered() == .seconds(5))
        task.cancel()
        let error = try await #require(throws: NetworkError.self) { try await task.value }
        #expect(error == NetworkError(kind: .cancelled, message: "the deposit to \(server.baseURL) was cancelled", mayHaveBeenCredited: true))
        #expect(pause.wasCancelled)
        #expect(server.requests.count == 1)
    }

    @Test func aRedirectIsNeverFollowed() async throws {
        let server = try ScriptedHTTPServer(script: [.status(302, headers: ["Location: http://127.0.0.1:9/steal"])])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .redirectRefused,
            message: "the bank at \(server.baseURL) answered HTTP 302 redirecting to http://127.0.0.1:9/steal; "
                + "redirects are not followed, so whether it recorded the deposit is unknown",
            statusCode: 302, mayHaveBeenCredited: true
        ))
        #expect(server.requests.count == 1)
    }

    @Test func aBankThatEchoesTheTokenInTheDepositIDNeverGetsItPrinted() async throws {
        let token = "tok-SECRET-4242"
        let reply = #"{"deposit_id":"dep-tok-SECRET-4242-\u001b[2J","account":"alice","amount_cents":4500,"balance_cents":4500}"#
        let server = try ScriptedHTTPServer(script: [.status(201, headers: ["Content-Type: application/json"], body: reply)])
        let confirmation = try await makeExecutor(server, bearerToken: token).deposit(request(4_500))
        #expect(confirmation.depositID == "dep-<redacted>-\u{1B}[2J")
    }

    @Test func aRefusalIsNotRetried() async throws {
        let server = try ScriptedHTTPServer(script: [.status(422, body: #"{"error":"account closed"}"#)])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server).deposit(request(4_500)) }
        #expect(error.message == "the bank at \(server.baseURL) refused the deposit: HTTP 422: account closed")
        #expect(server.requests.count == 1)
    }

    @Test func aRefusalWithoutAMessageSaysSo() async throws {
        let server = try ScriptedHTTPServer(script: [.status(403, body: "<h1>Forbidden</h1>")])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at \(server.baseURL) refused the deposit: HTTP 403 with no message",
            statusCode: 403, mayHaveBeenCredited: false
        ))
    }

    @Test func aServerErrorOtherThan500To504IsNotRetried() async throws {
        let server = try ScriptedHTTPServer(script: [.status(501)])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server).deposit(request(4_500)) }
        #expect(error.message == "the bank at \(server.baseURL) failed: HTTP 501: no message")
        #expect(error.mayHaveBeenCredited)
        #expect(server.requests.count == 1)
    }

    @Test func aReplyWithoutALengthIsCutOffAsSoonAsItPassesTheCap() async throws {
        let body = #"{"deposit_id":"dep-1","padding":""# + String(repeating: "x", count: 5_000) + #""}"#
        let server = try ScriptedHTTPServer(script: [.reply("HTTP/1.1 201 Created\r\nConnection: close\r\n\r\n" + body)])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, maxResponseBytes: 1_000).deposit(request(4_500))
        }
        #expect(error == NetworkError(
            kind: .responseTooLarge, message: "the bank at \(server.baseURL) sent a reply larger than 1000 bytes", mayHaveBeenCredited: true
        ))
        #expect(server.requests.count == 1)
    }

    @Test func aReplyThatAnnouncesTooLargeALengthIsRefusedAndNotRetried() async throws {
        let server = try ScriptedHTTPServer(script: [.status(201, body: String(repeating: " ", count: 2_000) + created(4_500))])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, maxResponseBytes: 1_000).deposit(request(4_500))
        }
        #expect(error.kind == .responseTooLarge)
        #expect(server.requests.count == 1)
    }

    @Test func aReplyForAnotherAccountIsMalformedAndRetried() async throws {
        let wrong = #"{"deposit_id":"dep-1","account":"mallory","amount_cents":4500,"balance_cents":1}"#
        let server = try ScriptedHTTPServer(script: [.status(201, body: wrong), .status(201, body: wrong)])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server, maxAttempts: 2).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .malformedReply,
            message: #"the bank at \#(server.baseURL) sent a malformed reply: it credits account "mallory", not "alice""#,
            mayHaveBeenCredited: true
        ))
        #expect(server.requests.count == 2)
    }

    /// Replies libcurl cannot read as HTTP came from a bank that answered: saying it "cannot be
    /// reached" sends the reader after the network. Not retried, as before; the deposit may
    /// have been credited.
    @Test(arguments: [
        ("HTTP/1.1 201 Created\r\nX-Padding: \(String(repeating: "a", count: 2_000_000))\r\nContent-Length: 2\r\n\r\n{}", "Out of memory"),
        ("HTTP/1.1 201 Created\r\nContent-Length: -1\r\n\r\n\(created(4_500))", "Invalid Content-Length: value"),
        (created(4_500), "Received HTTP/0.9 when not allowed"),
    ])
    func aReplyThatIsNotHTTPSaysTheBankAnsweredAndIsNotRetried(reply: String, detail: String) async throws {
        let server = try ScriptedHTTPServer(script: [.reply(reply), .reply(reply)])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(server, maxAttempts: 2).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .unreadableReply,
            message: "the bank at \(server.baseURL) answered, but its reply could not be read: \(detail)",
            mayHaveBeenCredited: true
        ))
        #expect(server.requests.count == 1)
    }

    @Test func aBankThatConnectsButNeverAnswersTimesOut() async throws {
        let server = try ScriptedHTTPServer(script: [.hang(.seconds(3))])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, totalTimeout: .milliseconds(300), maxAttempts: 1).deposit(request(4_500))
        }
        #expect(error == NetworkError(kind: .timedOut, message: "the bank at \(server.baseURL) did not answer within 300 ms", mayHaveBeenCredited: true))
    }

    @Test func noConnectionWithinTheConnectTimeoutIsReportedAsSuch() async throws {
        let listener = try UnresponsiveListener()
        let executor = BankNetworkExecutor(configuration: try BankConfiguration(
            baseURL: listener.baseURL, connectTimeout: .milliseconds(200), maxAttempts: 2,
            retryBaseDelay: .milliseconds(10)
        ))
        let error = try await #require(throws: NetworkError.self) { try await executor.deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .timedOut, message: "cannot reach the bank at \(listener.baseURL): no connection within 200 ms", mayHaveBeenCredited: false
        ))
    }

    @Test func aDepositForAnInvalidAccountIsNotSent() async throws {
        let server = try ScriptedHTTPServer(script: [])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server).deposit(DepositRequest(account: "../admin", amountCents: 4_500, idempotencyKey: "k"))
        }
        #expect(error == NetworkError(
            kind: .invalidAccount, message: "the account '../admin' is not valid: use 1 to 64 letters, digits, '.', '_' or '-' (but not '.' or '..' alone)",
            mayHaveBeenCredited: false
        ))
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["", "two words", "line\r\nX-Injected: 1", String(repeating: "k", count: 256)])
    func anIdempotencyKeyThatIsNotAValidHeaderValueIsNotSent(key: String) async throws {
        let server = try ScriptedHTTPServer(script: [])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server).deposit(DepositRequest(account: "alice", amountCents: 4_500, idempotencyKey: key))
        }
        #expect(error.kind == .invalidRequest)
        #expect(error.message.hasSuffix("' is not valid: use 1 to 255 printable ASCII characters without spaces"))
        #expect(server.requests.isEmpty)
    }

    @Test func theTokenAppearsInNoErrorMessage() async throws {
        let token = "tok-SECRET-4242"
        let server = try ScriptedHTTPServer(script: [
            .status(401, body: #"{"error":"invalid bearer token"}"#),
            .status(302, headers: ["Location: /login"]),
            .status(500),
            .hang(.seconds(2)),
        ])
        var messages: [String] = []
        for _ in 0..<4 {
            do {
                _ = try await makeExecutor(server, totalTimeout: .milliseconds(300), bearerToken: token, maxAttempts: 1).deposit(request(4_500))
            } catch let error as NetworkError {
                messages.append(error.message)
                messages.append(String(reflecting: error))
            }
        }
        #expect(messages.count == 8)
        #expect(messages.allSatisfy { !$0.contains(token) })
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(token)" })
    }

    @Test func aTokenEchoedByTheBankIsRedacted() async throws {
        let server = try ScriptedHTTPServer(script: [
            .status(401, body: #"{"error":"token tok-SECRET-4242 is revoked"}"#),
        ])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, bearerToken: "tok-SECRET-4242").deposit(request(4_500))
        }
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at \(server.baseURL) refused the deposit: HTTP 401: token <redacted> is revoked",
            statusCode: 401, bankMessage: "token <redacted> is revoked", mayHaveBeenCredited: false
        ))
    }

    @Test func theCallbackFormReportsTheConfirmation() async throws {
        let server = try ScriptedHTTPServer(script: [.status(201, body: created(4_500))])
        let executor = try makeExecutor(server)
        let result = await withCheckedContinuation { continuation in
            executor.updateAmount(4_500, for: "alice", idempotencyKey: "atm-7-0042") { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == DepositConfirmation(depositID: "dep-1", account: "alice", amountCents: 4_500, balanceCents: 14_500, isReplay: false))
    }

    @Test func theCallbackFormReportsTheError() async throws {
        let closed = try RefusingLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        let url = "http://127.0.0.1:\(closed.port)"
        let executor = BankNetworkExecutor(configuration: try BankConfiguration(baseURL: url, maxAttempts: 1))
        let result = await withCheckedContinuation { continuation in
            executor.updateAmount(4_500, for: "alice", idempotencyKey: "atm-7-0042") { continuation.resume(returning: $0) }
        }
        #expect(throws: NetworkError(kind: .connectionRefused, message: "cannot reach the bank at \(url): connection refused", mayHaveBeenCredited: false)) {
            try result.get()
        }
    }

    // MARK: - Fixtures

    private func makeExecutor(
        _ server: ScriptedHTTPServer,
        totalTimeout: Duration = .seconds(5),
        bearerToken: String? = nil,
        maxResponseBytes: Int = BankConfiguration.defaultMaxResponseBytes,
        maxAttempts: Int = 3
    ) throws -> BankNetworkExecutor {
        BankNetworkExecutor(configuration: try BankConfiguration(
            baseURL: server.baseURL, connectTimeout: .seconds(2), totalTimeout: totalTimeout,
            bearerToken: bearerToken, maxResponseBytes: maxResponseBytes, maxAttempts: maxAttempts,
            retryBaseDelay: .milliseconds(10)
        ))
    }
}

private func request(_ amountCents: Int) -> DepositRequest {
    DepositRequest(account: "alice", amountCents: amountCents, idempotencyKey: "atm-7-0042")
}

private func created(_ amountCents: Int) -> String {
    #"{"deposit_id":"dep-1","account":"alice","amount_cents":\#(amountCents),"balance_cents":\#(10_000 + amountCents)}"#
}

/// A pause between attempts that lasts until the task waiting in it is cancelled, and says when a
/// task has entered it: a test cancels inside the pause without racing a clock.
private final class HeldPause: Sendable {
    private struct State {
        var requested: Duration?
        var enteredWaiter: CheckedContinuation<Duration, Never>?
        var pause: CheckedContinuation<Void, any Error>?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Whether the pause ended because its task was cancelled.
    var wasCancelled: Bool { state.withLock { $0.cancelled } }

    /// Waits until cancelled, then throws `CancellationError`, as `Task.sleep` does.
    @Sendable func wait(_ duration: Duration) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (pause: CheckedContinuation<Void, any Error>) in
                let (waiter, cancelled) = state.withLock { state in
                    state.requested = duration
                    state.pause = state.cancelled ? nil : pause
                    defer { state.enteredWaiter = nil }
                    return (state.enteredWaiter, state.cancelled)
                }
                waiter?.resume(returning: duration)
                if cancelled { pause.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let pause = state.withLock { state in
                state.cancelled = true
                defer { state.pause = nil }
                return state.pause
            }
            pause?.resume(throwing: CancellationError())
        }
    }

    /// The length of the pause asked for, once a task has entered it.
    func entered() async -> Duration {
        await withCheckedContinuation { waiter in
            let requested = state.withLock { state in
                if state.requested == nil { state.enteredWaiter = waiter }
                return state.requested
            }
            if let requested { waiter.resume(returning: requested) }
        }
    }
}
