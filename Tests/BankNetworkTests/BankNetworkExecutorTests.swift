import ATMTestSupport
import BankNetwork
import Foundation
import Network
import Testing

/// `BankNetworkExecutor` against the real bank simulator on 127.0.0.1, with its faults.
struct BankNetworkExecutorTests {
    @Test func aDepositIsCreditedOnceAndRecordedInTheLedger() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 10_000])
        let confirmation = try await makeExecutor(bank).deposit(request(4_500, key: "atm-1-0001"))
        #expect(confirmation == DepositConfirmation(depositID: "dep-000001", account: "alice", amountCents: 4_500, balanceCents: 14_500, isReplay: false))
        let ledger = try bank.ledger()
        #expect(ledger.balance(of: "alice") == 14_500)
        #expect(ledger.deposits.map(\.depositID) == ["dep-000001"])
        #expect(ledger.deposits.map(\.idempotencyKey) == ["atm-1-0001"])
        #expect(ledger.deposits.map(\.amountCents) == [4_500])
        #expect(ledger.deposits.map(\.currency) == ["USD"])
    }

    @Test func aClosedPortIsReportedAsConnectionRefused() async throws {
        let closed = try RefusingLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        let url = "http://127.0.0.1:\(closed.port)"
        for attempts in [1, 3] {
            let executor = BankNetworkExecutor(configuration: try BankConfiguration(
                baseURL: url, maxAttempts: attempts, retryBaseDelay: .milliseconds(10)
            ))
            let error = try await #require(throws: NetworkError.self) { try await executor.deposit(request(4_500)) }
            #expect(error == NetworkError(kind: .connectionRefused, message: "cannot reach the bank at \(url): connection refused", mayHaveBeenCredited: false))
        }
    }

    @Test func aBankThatDoesNotAnswerInTimeTimesOut() async throws {
        let bank = try await BankSimulator.start(faults: ["delay:seconds=1"])
        let executor = try makeExecutor(bank, totalTimeout: .milliseconds(250), maxAttempts: 1)
        let error = try await #require(throws: NetworkError.self) { try await executor.deposit(request(4_500)) }
        #expect(error == NetworkError(kind: .timedOut, message: "the bank at \(bank.baseURL) did not answer within 250 ms", mayHaveBeenCredited: true))
    }

    @Test func aGarbageReplyIsMalformed() async throws {
        let bank = try await BankSimulator.start(faults: ["garbage"])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(bank, maxAttempts: 1).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .malformedReply, message: "the bank at \(bank.baseURL) sent a malformed reply: the body is not JSON (unexpected character at byte 0)",
            mayHaveBeenCredited: true
        ))
        #expect(try bank.ledger().deposits.count == 1)
    }

    @Test func aGarbageReplyIsRetriedAndTheRetryReplaysTheCredit() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 10_000], faults: ["garbage:times=1"])
        let confirmation = try await makeExecutor(bank).deposit(request(4_500))
        #expect(confirmation == DepositConfirmation(depositID: "dep-000001", account: "alice", amountCents: 4_500, balanceCents: 14_500, isReplay: true))
        #expect(try bank.ledger().deposits.count == 1)
        #expect(try bank.ledger().balance(of: "alice") == 14_500)
    }

    @Test func aReplyLostAfterTheCreditIsRetriedWithoutASecondCredit() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 10_000], faults: ["drop-after:times=1"])
        let confirmation = try await makeExecutor(bank).deposit(request(4_500))
        #expect(confirmation == DepositConfirmation(depositID: "dep-000001", account: "alice", amountCents: 4_500, balanceCents: 14_500, isReplay: true))
        #expect(try bank.ledger().deposits.count == 1)
    }

    @Test func aConnectionDroppedWithoutAReplyIsReportedAsLost() async throws {
        let bank = try await BankSimulator.start(faults: ["drop-before"])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(bank, maxAttempts: 1).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .connectionLost, message: "the connection to the bank at \(bank.baseURL) closed before its reply was complete", mayHaveBeenCredited: true
        ))
        #expect(try bank.ledger().deposits.isEmpty)
    }

    @Test func aTruncatedReplyIsReportedAsLostAndRetried() async throws {
        let bank = try await BankSimulator.start(faults: ["truncate:times=1"])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(bank, maxAttempts: 1).deposit(request(4_500, key: "k-1")) }
        #expect(error.message == "the connection to the bank at \(bank.baseURL) closed before its reply was complete")
        let confirmation = try await makeExecutor(bank).deposit(request(700, key: "k-2"))
        #expect(confirmation.isReplay == false)
        #expect(try bank.ledger().deposits.map(\.idempotencyKey) == ["k-1", "k-2"])
    }

    @Test func twoServiceUnavailableRepliesAreRetriedWithThreeAttempts() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 10_000], faults: ["status:code=503,times=2"])
        let confirmation = try await makeExecutor(bank, maxAttempts: 3).deposit(request(4_500))
        #expect(confirmation == DepositConfirmation(depositID: "dep-000001", account: "alice", amountCents: 4_500, balanceCents: 14_500, isReplay: false))
        #expect(try bank.ledger().deposits.count == 1)
    }

    @Test func twoServiceUnavailableRepliesExhaustTwoAttempts() async throws {
        let bank = try await BankSimulator.start(faults: ["status:code=503,times=2"])
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(bank, maxAttempts: 2).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at \(bank.baseURL) failed: HTTP 503: injected 503",
            statusCode: 503, bankMessage: "injected 503", mayHaveBeenCredited: true
        ))
        #expect(try bank.ledger().deposits.isEmpty)
    }

    @Test func theBanksRetryAfterIsHonoured() async throws {
        let bank = try await BankSimulator.start(faults: ["status:code=503,retry_after=1,times=1"])
        let clock = ContinuousClock()
        let start = clock.now
        let confirmation = try await makeExecutor(bank, maxAttempts: 2).deposit(request(4_500))
        #expect(clock.now - start >= .seconds(1))
        #expect(confirmation.isReplay == false)
    }

    @Test func anOversizedReplyIsRefusedAndNotRetried() async throws {
        let bank = try await BankSimulator.start(faults: ["oversize:bytes=100000"])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(bank, maxResponseBytes: 1_024, maxAttempts: 3).deposit(request(4_500))
        }
        #expect(error == NetworkError(
            kind: .responseTooLarge, message: "the bank at \(bank.baseURL) sent a reply larger than 1024 bytes", mayHaveBeenCredited: true
        ))
        #expect(try bank.ledger().deposits.count == 1)
    }

    @Test func theBearerTokenIsAccepted() async throws {
        let bank = try await BankSimulator.start(token: "tok-5d2e9b")
        let confirmation = try await makeExecutor(bank, bearerToken: "tok-5d2e9b").deposit(request(4_500))
        #expect(confirmation.balanceCents == 14_500)
    }

    @Test func aMissingTokenIsRefusedWith401() async throws {
        let bank = try await BankSimulator.start(token: "tok-5d2e9b")
        let error = try await #require(throws: NetworkError.self) { try await makeExecutor(bank).deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at \(bank.baseURL) refused the deposit: HTTP 401: missing bearer token",
            statusCode: 401, bankMessage: "missing bearer token", mayHaveBeenCredited: false
        ))
        #expect(try bank.ledger().deposits.isEmpty)
    }

    @Test func aWrongTokenIsRefusedWith401AndNeverShown() async throws {
        let bank = try await BankSimulator.start(token: "tok-5d2e9b")
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(bank, bearerToken: "tok-WRONG-77").deposit(request(4_500))
        }
        #expect(error.message == "the bank at \(bank.baseURL) refused the deposit: HTTP 401: invalid bearer token")
        #expect(!error.message.contains("tok-WRONG-77"))
        #expect(!String(describing: error).contains("tok-WRONG-77"))
        #expect(!String(reflecting: error).contains("tok-WRONG-77"))
    }

    @Test func cancellingTheTaskAbortsTheTransferPromptly() async throws {
        // The bank would answer after 10 s; the deposit must end long before that.
        let bank = try await BankSimulator.start(faults: ["delay:seconds=10"])
        let executor = try makeExecutor(bank, totalTimeout: .seconds(20))
        let clock = ContinuousClock()
        let task = Task { try await executor.deposit(request(4_500)) }
        // The delay fault credits first and answers 10 s later: cancel once the credit is there.
        let waitStart = clock.now
        // (Generous, a hang detector: under ThreadSanitizer or load the pool can be starved for seconds.)
        while try bank.ledger().deposits.isEmpty, clock.now - waitStart < .seconds(300) {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(try !bank.ledger().deposits.isEmpty, "the deposit never reached the bank")
        task.cancel()
        // Not a race with a clock: a transfer that went on would end in the bank's confirmation.
        let error = try await #require(throws: NetworkError.self) { try await task.value }
        #expect(error == NetworkError(kind: .cancelled, message: "the deposit to \(bank.baseURL) was cancelled", mayHaveBeenCredited: true))
    }

    @Test func aTaskCancelledBeforeTheDepositSendsNothing() async throws {
        let bank = try await BankSimulator.start()
        let executor = try makeExecutor(bank)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await executor.deposit(request(4_500))
        }
        let error = try await #require(throws: NetworkError.self) { try await task.value }
        #expect(error == NetworkError(kind: .cancelled, message: "the deposit to \(bank.baseURL) was cancelled", mayHaveBeenCredited: false))
        #expect(try bank.ledger().deposits.isEmpty)
    }

    @Test func concurrentDepositsAreAllCreditedExactlyOnce() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 0])
        let executor = try makeExecutor(bank)
        let amounts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 1...12 {
                group.addTask { try await executor.deposit(request(index * 100, key: "concurrent-\(index)")).amountCents }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(amounts.sorted() == (1...12).map { $0 * 100 })
        let ledger = try bank.ledger()
        #expect(ledger.deposits.count == 12)
        #expect(ledger.balance(of: "alice") == 7_800)
        let keys: Set<String> = Set(ledger.deposits.map(\.idempotencyKey))
        #expect(keys.count == 12)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs openssl to make a certificate"))
    func httpsIsVerifiedAndACAFileAddsTrust() async throws {
        let certificate = try SelfSignedCertificate()
        let bank = try await BankSimulator.start(tls: certificate.files)
        #expect(bank.baseURL.hasPrefix("https://127.0.0.1:"))

        let untrusted = BankNetworkExecutor(configuration: try BankConfiguration(baseURL: bank.baseURL, maxAttempts: 3))
        let error = try await #require(throws: NetworkError.self) { try await untrusted.deposit(request(4_500)) }
        #expect(error == NetworkError(
            kind: .tlsFailure, message: "cannot reach the bank at \(bank.baseURL): TLS failed: SSL certificate problem: self-signed certificate",
            mayHaveBeenCredited: false
        ))

        let trusted = BankNetworkExecutor(configuration: try BankConfiguration(
            baseURL: bank.baseURL, caFile: certificate.files.certificatePath
        ))
        let confirmation = try await trusted.deposit(request(4_500))
        #expect(confirmation.balanceCents == 14_500)
        #expect(try bank.ledger().deposits.count == 1)
    }

    // MARK: - Fixtures

    private func makeExecutor(
        _ bank: BankSimulator,
        totalTimeout: Duration = .seconds(5),
        bearerToken: String? = nil,
        maxResponseBytes: Int = BankConfiguration.defaultMaxResponseBytes,
        maxAttempts: Int = 3
    ) throws -> BankNetworkExecutor {
        let configuration = try BankConfiguration(
            baseURL: bank.baseURL, connectTimeout: .seconds(2), totalTimeout: totalTimeout,
            bearerToken: bearerToken, maxResponseBytes: maxResponseBytes, maxAttempts: maxAttempts,
            retryBaseDelay: .milliseconds(20)
        )
        return BankNetworkExecutor(configuration: configuration)
    }
}

private func request(_ amountCents: Int, key: String = "atm-1-0001") -> DepositRequest {
    DepositRequest(account: "alice", amountCents: amountCents, idempotencyKey: key)
}

private struct CertificateFailure: Error {}

/// A throwaway self-signed certificate for 127.0.0.1, made with openssl in a temporary directory.
private final class SelfSignedCertificate {
    let files: BankSimulator.TLSFiles
    private let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bank-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        files = BankSimulator.TLSFiles(certificatePath: directory + "/cert.pem", keyPath: directory + "/key.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", files.keyPath, "-out", files.certificatePath,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else {
            throw CertificateFailure()
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
