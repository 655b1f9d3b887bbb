import Network

/// Turns what one attempt came to into the bank's confirmation or the error to report.
///
/// It knows the protocol's statuses (201 a new credit, 200 a replay, 3xx never followed, 408 and
/// 429 worth another attempt, any other 4xx a refusal, 5xx a failure) and words every failure
/// the way the command line prints it.
struct DepositReplyInterpreter: Sendable {
    /// A failed attempt: the error, and what the retry policy needs to know about it.
    struct Failure: Error {
        let error: NetworkError
        /// The bank's `Retry-After`, when it sent one.
        let retryAfter: Duration?
        /// Whether another attempt can help.
        var isRetryable: Bool { RetryPolicy.isRetryable(error) }
    }

    /// The configuration the attempt was made with.
    let configuration: BankConfiguration
    /// Takes the bearer token out of every text, in each of its forms, before anything is cut.
    let redactor: SecretRedactor

    /// An interpreter of the replies to attempts made with `configuration`.
    init(configuration: BankConfiguration) {
        self.configuration = configuration
        redactor = SecretRedactor(secret: configuration.bearerToken)
    }

    /// The longest `Location` quoted in a message.
    static let maxLocationLength = 300

    /// The confirmation in `outcome`, or the failure it describes.
    ///
    /// Text that came from the bank or from libcurl never carries the bearer token out: should
    /// the bank echo it, whole, cut, percent-encoded, in base64 or among invisible or look-alike
    /// characters, it is replaced by `<redacted>` before the text is cut to the length a message
    /// quotes; a balance whose digits hold it is withheld. The text is then carried the way the
    /// app carries text from outside (``BankText``).
    func interpret(_ outcome: TransferOutcome, for request: DepositRequest) -> Result<DepositConfirmation, Failure> {
        interpretQuoting(outcome, for: request)
            .map { $0.cleaned(by: redactor) }
            .mapError { Failure(error: $0.error.cleaned(by: redactor), retryAfter: $0.retryAfter) }
    }

    private func interpretQuoting(_ outcome: TransferOutcome, for request: DepositRequest) -> Result<DepositConfirmation, Failure> {
        if let failure = outcome.failure {
            // A request that went out on a reused connection found dead is sent again on a new
            // one: whatever stopped the second send, the bank may have the first.
            let error = error(for: failure, in: outcome).possiblyCredited(by: outcome.requestStarted)
            return .failure(Failure(error: error, retryAfter: nil))
        }
        let bank = configuration.baseURL
        let status = outcome.status
        switch status {
        case 200, 201:
            do {
                return .success(try DepositReplyParser.confirmation(from: outcome.body, for: request, isReplay: status == 200, redactor: redactor))
            } catch {
                return .failure(Failure(error: .malformedReply(bank: bank, detail: error.detail), retryAfter: nil))
            }
        case 300..<400:
            return .failure(Failure(error: .redirectRefused(bank: bank, status: status, location: outcome.location.map { DepositReplyParser.quoted($0, redactor: redactor, limit: Self.maxLocationLength) }), retryAfter: nil))
        case 408, 429:
            let message = DepositReplyParser.errorMessage(in: outcome.body, redactor: redactor)
            return .failure(Failure(error: .notTakenNow(bank: bank, status: status, bankMessage: message), retryAfter: outcome.retryAfter))
        case 400..<500:
            let message = DepositReplyParser.errorMessage(in: outcome.body, redactor: redactor)
            return .failure(Failure(error: .refused(bank: bank, status: status, bankMessage: message), retryAfter: nil))
        case 500..<600:
            let message = DepositReplyParser.errorMessage(in: outcome.body, redactor: redactor)
            return .failure(Failure(error: .failed(bank: bank, status: status, bankMessage: message), retryAfter: outcome.retryAfter))
        default:
            let detail = "HTTP \(status) is not a deposit reply (expected 200 or 201)"
            return .failure(Failure(error: .malformedReply(bank: bank, detail: detail), retryAfter: nil))
        }
    }

    private func error(for failure: TransferOutcome.Failure, in outcome: TransferOutcome) -> NetworkError {
        let bank = configuration.baseURL
        switch failure {
        case .connectionRefused:
            return .connectionRefused(bank: bank)
        case .hostNotFound:
            return .hostNotFound(bank: bank, host: host)
        case .timedOut:
            // libcurl's connect phase ends at whichever limit comes first.
            return outcome.requestStarted
                ? .answerTimedOut(bank: bank, after: configuration.totalTimeout)
                : .connectTimedOut(bank: bank, after: min(configuration.connectTimeout, configuration.totalTimeout))
        case .connectionLost:
            return .connectionLost(bank: bank)
        case .tls:
            return .tlsFailed(bank: bank, detail: redactor.redact(outcome.errorText))
        case .tooLarge:
            return .responseTooLarge(bank: bank, limit: configuration.maxResponseBytes)
        case .unreadableReply:
            return .unreadableReply(bank: bank, detail: redactor.redact(outcome.errorText))
        case .cancelled:
            return .cancelled(bank: bank, mayHaveBeenCredited: outcome.requestStarted)
        case .other:
            return .transferFailed(bank: bank, detail: redactor.redact(outcome.errorText), mayHaveBeenCredited: outcome.requestStarted)
        }
    }

    /// The bank's host name, as written in its URL.
    private var host: String {
        configuration.host
    }
}
