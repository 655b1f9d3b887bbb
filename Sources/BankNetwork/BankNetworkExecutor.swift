public import Network

/// Sends deposits to the bank over HTTP(S) with libcurl.
///
/// Each deposit is a `POST` of `{"amount_cents":4500,"currency":"USD"}` to
/// ``BankConfiguration/depositURL(for:)`` with the request's `Idempotency-Key`, which is the same on
/// every attempt, so the bank credits a deposit at most once however often it is sent.
///
/// ```swift
/// let bank = BankNetworkExecutor(configuration: try BankConfiguration(baseURL: "https://bank.example"))
/// let confirmation = try await bank.deposit(DepositRequest(account: "alice", amountCents: 4500, idempotencyKey: key))
/// ```
///
/// - Transfers run on a thread of their own (one curl multi handle for the process), never on
///   Swift's cooperative thread pool; cancelling the calling task aborts the transfer at once.
/// - Timeouts: ``BankConfiguration/connectTimeout`` to resolve the bank's name and connect,
///   ``BankConfiguration/totalTimeout`` for each attempt as a whole. The name is looked up on a
///   thread of its own, which an attempt stops waiting for at its connect timeout, so a name
///   server that never answers costs an attempt no more than its timeouts.
/// - Security: TLS is always verified, only `http` and `https` are spoken, redirects are never
///   followed, replies are capped at ``BankConfiguration/maxResponseBytes``, and the bearer token
///   appears in no error message. The bank is reached directly: proxies named in the environment
///   (`http_proxy`, `https_proxy`) are not used.
/// - Connections: kept alive and reused by later deposits, from every executor in the process.
///   When a reused connection turns out dead before any reply arrives, libcurl sends the request
///   again on a new connection within the same attempt; the idempotency key makes that safe, and
///   an error after such a send still reports that the deposit may have been credited.
/// - Retries: at most ``BankConfiguration/maxAttempts`` attempts, only after a refused, timed out
///   or lost connection, an HTTP 500, 502, 503 or 504, or a malformed reply; the pause doubles from
///   ``BankConfiguration/retryBaseDelay`` with ±20 % jitter (at most 5 s), and honours the bank's
///   `Retry-After` (at most 10 s).
public final class BankNetworkExecutor: NetworkExecutor {
    /// The configuration deposits are sent with.
    public let configuration: BankConfiguration

    /// The `User-Agent` of every request.
    public static let userAgent = "wiring-atm/1.0"
    /// The longest idempotency key accepted.
    public static let maxIdempotencyKeyLength = 255

    private let retryPolicy: RetryPolicy
    private let interpreter: DepositReplyInterpreter
    /// Waits out the pause between attempts; throws when the waiting task is cancelled.
    private let pause: @Sendable (Duration) async throws -> Void
    /// Looks up the bank's host name with a bounded wait.
    private let resolver: HostResolver

    /// Creates an executor.
    ///
    /// - Parameter configuration: Where and how to reach the bank.
    public convenience init(configuration: BankConfiguration) {
        self.init(configuration: configuration, pause: { try await Task.sleep(for: $0) })
    }

    /// Creates an executor whose pauses between attempts are `pause`'s: the seam through which a
    /// test holds a pause open until it has cancelled it, instead of racing a clock; and whose
    /// name lookups are `resolver`'s, through which a test gives a name server that never answers.
    init(
        configuration: BankConfiguration, pause: @escaping @Sendable (Duration) async throws -> Void,
        resolver: HostResolver = .shared
    ) {
        self.configuration = configuration
        self.resolver = resolver
        retryPolicy = RetryPolicy(maxAttempts: configuration.maxAttempts, baseDelay: configuration.retryBaseDelay)
        interpreter = DepositReplyInterpreter(configuration: configuration)
        self.pause = pause
    }

    /// Asks the bank to credit the deposit, retrying where a retry cannot credit twice.
    ///
    /// - Parameter request: The deposit, to any valid account (a journal of pending deposits may
    ///   hold several customers').
    /// - Returns: The bank's record; ``DepositConfirmation/isReplay`` is true when the bank had
    ///   already recorded this deposit (for example from an attempt whose reply was lost).
    /// - Throws: ``NetworkError``: the last attempt's error, with
    ///   ``NetworkError/mayHaveBeenCredited`` true if any attempt may have reached the bank.
    public func deposit(_ request: DepositRequest) async throws -> DepositConfirmation {
        let transferRequest = try self.transferRequest(for: request)
        let bank = configuration.baseURL
        var mayHaveReachedBank = false
        var attempt = 1
        while true {
            guard !Task.isCancelled else { throw NetworkError.cancelled(bank: bank, mayHaveBeenCredited: mayHaveReachedBank) }
            let failure: DepositReplyInterpreter.Failure
            switch await performAttempt(transferRequest, for: request) {
            case let .success(confirmation):
                return confirmation
            case let .failure(attemptFailure):
                failure = attemptFailure
            }
            let error = failure.error.possiblyCredited(by: mayHaveReachedBank)
            mayHaveReachedBank = error.mayHaveBeenCredited
            guard failure.isRetryable, attempt < retryPolicy.maxAttempts else { throw error }
            do {
                try await pause(retryPolicy.pause(afterAttempt: attempt, retryAfter: failure.retryAfter))
            } catch {
                throw NetworkError.cancelled(bank: bank, mayHaveBeenCredited: mayHaveReachedBank)
            }
            attempt += 1
        }
    }

    // MARK: - One attempt

    private func performAttempt(
        _ transferRequest: CurlTransfer.Request, for request: DepositRequest
    ) async -> Result<DepositConfirmation, DepositReplyInterpreter.Failure> {
        let bank = configuration.baseURL
        guard let engine = TransferEngine.shared else {
            let detail = CurlGlobal.initializationError.map { "libcurl could not be initialised: \($0)" }
                ?? "libcurl could not create its transfer engine"
            return .failure(.init(error: .transferFailed(bank: bank, detail: detail, mayHaveBeenCredited: false), retryAfter: nil))
        }
        var transferRequest = transferRequest
        let clock = ContinuousClock()
        let start = clock.now
        let host = configuration.host
        // An address needs no lookup, and a loopback name (`localhost`, `*.localhost`) is left to
        // libcurl, which answers it without asking a name server.
        if !HostResolver.isAddress(host), !BankURL.isLoopback(host) {
            let limit = min(configuration.connectTimeout, configuration.totalTimeout)
            switch await resolver.resolve(host, within: limit) {
            case let .answered(.addresses(addresses)):
                let bracketed = addresses.map { $0.contains(":") ? "[\($0)]" : $0 }
                transferRequest.resolve = ["\(host):\(configuration.port):\(bracketed.joined(separator: ","))"]
            case .answered(.notFound):
                return .failure(.init(error: .hostNotFound(bank: bank, host: host), retryAfter: nil))
            case .timedOut:
                return .failure(.init(error: .connectTimedOut(bank: bank, after: limit), retryAfter: nil))
            case .cancelled:
                return .failure(.init(error: .cancelled(bank: bank, mayHaveBeenCredited: false), retryAfter: nil))
            }
            // The lookup's time counts against the attempt's limits.
            let spent = clock.now - start
            let least = Duration.milliseconds(1)
            transferRequest.connectTimeout = max(least, transferRequest.connectTimeout - spent)
            transferRequest.totalTimeout = max(least, transferRequest.totalTimeout - spent)
        }
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer.make(transferRequest)
        } catch {
            return .failure(.init(error: .transferFailed(bank: bank, detail: error.description, mayHaveBeenCredited: false), retryAfter: nil))
        }
        return interpreter.interpret(await engine.perform(transfer), for: request)
    }

    /// The HTTP request for a deposit, after checking that it can be sent as it is.
    private func transferRequest(for request: DepositRequest) throws(NetworkError) -> CurlTransfer.Request {
        _ = try DepositRequest.validatedAccount(request.account)
        let key = request.idempotencyKey
        let printable = key.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x21 && $0.value < 0x7F }
        guard !key.isEmpty, key.utf8.count <= Self.maxIdempotencyKeyLength, printable else {
            throw NetworkError(
                kind: .invalidRequest,
                message: "the idempotency key '\(DepositReplyParser.quoted(key))' is not valid: use 1 to \(Self.maxIdempotencyKeyLength) printable ASCII characters without spaces",
                mayHaveBeenCredited: false
            )
        }
        var headers = [
            "Content-Type: application/json",
            "Accept: application/json",
            "Idempotency-Key: \(key)",
            // No `Expect: 100-continue`: the body is small and goes with the headers.
            "Expect:",
        ]
        if let token = configuration.bearerToken {
            headers.append("Authorization: Bearer \(token)")
        }
        return CurlTransfer.Request(
            url: configuration.depositURL(for: request.account),
            body: #"{"amount_cents":\#(request.amountCents),"currency":"\#(DepositRequest.currency)"}"#,
            headers: headers,
            connectTimeout: configuration.connectTimeout,
            totalTimeout: configuration.totalTimeout,
            maxResponseBytes: configuration.maxResponseBytes,
            caCertificates: configuration.caCertificates,
            userAgent: Self.userAgent
        )
    }
}
