@testable import BankNetwork
import Network
import Testing

/// Every way an attempt can end, turned into the confirmation or the pinned message, without a
/// network: the transfer outcomes are made by hand.
struct DepositReplyInterpreterTests {
    @Test func a201IsANewCreditAndA200AReplay() throws {
        let body = Array(#"{"deposit_id":"dep-1","account":"alice","amount_cents":4500,"balance_cents":14500}"#.utf8)
        let interpreter = try makeInterpreter()
        let created = try interpreter.interpret(TransferOutcome(status: 201, body: body), for: request).get()
        let replayed = try interpreter.interpret(TransferOutcome(status: 200, body: body), for: request).get()
        #expect(created == DepositConfirmation(depositID: "dep-1", account: "alice", amountCents: 4500, balanceCents: 14500, isReplay: false))
        #expect(replayed == DepositConfirmation(depositID: "dep-1", account: "alice", amountCents: 4500, balanceCents: 14500, isReplay: true))
    }

    @Test(arguments: [
        (TransferOutcome(failure: .connectionRefused), NetworkError.Kind.connectionRefused,
         "cannot reach the bank at https://bank.example: connection refused", false),
        (TransferOutcome(failure: .hostNotFound), .hostNotFound,
         "cannot reach the bank at https://bank.example: host bank.example not found", false),
        (TransferOutcome(failure: .timedOut, requestStarted: false), .timedOut,
         "cannot reach the bank at https://bank.example: no connection within 2.5 s", false),
        (TransferOutcome(failure: .timedOut, requestStarted: true), .timedOut,
         "the bank at https://bank.example did not answer within 8 s", true),
        (TransferOutcome(failure: .connectionLost, requestStarted: true), .connectionLost,
         "the connection to the bank at https://bank.example closed before its reply was complete", true),
        (TransferOutcome(failure: .tls, errorText: "SSL certificate problem: self-signed certificate"), .tlsFailure,
         "cannot reach the bank at https://bank.example: TLS failed: SSL certificate problem: self-signed certificate", false),
        (TransferOutcome(failure: .tooLarge, requestStarted: true), .responseTooLarge,
         "the bank at https://bank.example sent a reply larger than 4096 bytes", true),
        (TransferOutcome(failure: .cancelled, requestStarted: false), .cancelled,
         "the deposit to https://bank.example was cancelled", false),
        (TransferOutcome(failure: .cancelled, requestStarted: true), .cancelled,
         "the deposit to https://bank.example was cancelled", true),
        (TransferOutcome(failure: .other, errorText: "Failed sending data to the peer", requestStarted: true), .transferFailed,
         "cannot reach the bank at https://bank.example: Failed sending data to the peer", true),
        (TransferOutcome(failure: .other, errorText: "Could not connect: Network is unreachable"), .transferFailed,
         "cannot reach the bank at https://bank.example: Could not connect: Network is unreachable", false),
    ])
    func transferFailuresHaveTheirPinnedMessages(
        outcome: TransferOutcome, kind: NetworkError.Kind, message: String, mayHaveBeenCredited: Bool
    ) throws {
        let error = try failure(of: outcome)
        #expect(error.kind == kind)
        #expect(error.message == message)
        #expect(error.mayHaveBeenCredited == mayHaveBeenCredited)
        #expect(error.statusCode == nil)
    }

    @Test func aRefusalQuotesTheBanksMessage() throws {
        let error = try failure(of: TransferOutcome(status: 409, body: Array(#"{"error":"key reused"}"#.utf8)))
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at https://bank.example refused the deposit: HTTP 409: key reused",
            statusCode: 409, bankMessage: "key reused", mayHaveBeenCredited: false
        ))
    }

    @Test func aRefusalWithoutAMessageSaysSo() throws {
        let error = try failure(of: TransferOutcome(status: 403, body: Array("Forbidden".utf8)))
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at https://bank.example refused the deposit: HTTP 403 with no message",
            statusCode: 403, bankMessage: nil, mayHaveBeenCredited: false
        ))
    }

    @Test func aServerFailureMayHaveCredited() throws {
        let withMessage = try failure(of: TransferOutcome(status: 500, body: Array(#"{"error":"disk full"}"#.utf8)))
        #expect(withMessage == NetworkError(
            kind: .httpStatus, message: "the bank at https://bank.example failed: HTTP 500: disk full",
            statusCode: 500, bankMessage: "disk full", mayHaveBeenCredited: true
        ))
        let without = try failure(of: TransferOutcome(status: 502, body: []))
        #expect(without.message == "the bank at https://bank.example failed: HTTP 502: no message")
        #expect(without.bankMessage == nil)
    }

    @Test func aServerFailureKeepsItsRetryAfter() throws {
        let result = try makeInterpreter().interpret(TransferOutcome(status: 503, retryAfter: .seconds(3)), for: request)
        guard case let .failure(failure) = result else { Issue.record("expected a failure"); return }
        #expect(failure.retryAfter == .seconds(3))
        #expect(failure.isRetryable)
    }

    @Test func aRedirectIsRefusedAndNamesItsLocation() throws {
        let error = try failure(of: TransferOutcome(status: 307, location: "https://elsewhere.example/v1"))
        #expect(error == NetworkError(
            kind: .redirectRefused,
            message: "the bank at https://bank.example answered HTTP 307 redirecting to https://elsewhere.example/v1; "
                + "redirects are not followed, so whether it recorded the deposit is unknown",
            statusCode: 307, mayHaveBeenCredited: true
        ))
        #expect(!error.isRefusal)
        let nowhere = try failure(of: TransferOutcome(status: 301))
        #expect(nowhere.message == "the bank at https://bank.example answered HTTP 301 redirecting to no location; "
            + "redirects are not followed, so whether it recorded the deposit is unknown")
    }

    @Test func anUnexpectedSuccessStatusIsMalformed() throws {
        let error = try failure(of: TransferOutcome(status: 204))
        #expect(error.kind == .malformedReply)
        #expect(error.message == "the bank at https://bank.example sent a malformed reply: HTTP 204 is not a deposit reply (expected 200 or 201)")
        #expect(error.mayHaveBeenCredited)
    }

    @Test func aMalformedRecordSaysWhatIsWrong() throws {
        let body = Array(#"{"deposit_id":"dep-1","account":"alice","amount_cents":45,"balance_cents":14500}"#.utf8)
        let error = try failure(of: TransferOutcome(status: 201, body: body))
        #expect(error == NetworkError(
            kind: .malformedReply, message: "the bank at https://bank.example sent a malformed reply: it records 45 cents, not 4500",
            mayHaveBeenCredited: true
        ))
    }

    @Test func aFailureAfterTheRequestWentOutMayHaveCredited() throws {
        // libcurl sent the request on a reused connection that turned out dead, then found the
        // bank gone when it sent it again on a new one.
        let error = try failure(of: TransferOutcome(failure: .connectionRefused, requestStarted: true))
        #expect(error == NetworkError(
            kind: .connectionRefused, message: "cannot reach the bank at https://bank.example: connection refused", mayHaveBeenCredited: true
        ))
    }

    @Test func anEarlierAttemptThatMayHaveCreditedMarksTheFinalError() {
        let refused = NetworkError.connectionRefused(bank: "https://bank.example")
        #expect(refused.possiblyCredited(by: false).mayHaveBeenCredited == false)
        let marked = refused.possiblyCredited(by: true)
        #expect(marked == NetworkError(
            kind: .connectionRefused, message: "cannot reach the bank at https://bank.example: connection refused", mayHaveBeenCredited: true
        ))
    }

    // MARK: - Fixtures

    private func makeInterpreter() throws -> DepositReplyInterpreter {
        DepositReplyInterpreter(configuration: try BankConfiguration(
            baseURL: "https://bank.example", connectTimeout: .milliseconds(2_500),
            totalTimeout: .seconds(8), maxResponseBytes: 4_096
        ))
    }

    private func failure(of outcome: TransferOutcome) throws -> NetworkError {
        switch try makeInterpreter().interpret(outcome, for: request) {
        case let .success(confirmation):
            Issue.record("expected a failure, got \(confirmation)")
            return NetworkError(kind: .transferFailed, message: "", mayHaveBeenCredited: false)
        case let .failure(failure):
            return failure.error
        }
    }
}

private let request = DepositRequest(account: "alice", amountCents: 4500, idempotencyKey: "key-1")
