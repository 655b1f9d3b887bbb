import Network

// The messages BankNetworkExecutor throws, in one place. Their words are pinned: the command
// line's tests assert them, so change them only together with those tests.
extension NetworkError {
    /// Nothing listens at the bank's address.
    static func connectionRefused(bank: String) -> NetworkError {
        NetworkError(kind: .connectionRefused, message: "cannot reach the bank at \(bank): connection refused", mayHaveBeenCredited: false)
    }

    /// The bank's host name does not resolve.
    static func hostNotFound(bank: String, host: String) -> NetworkError {
        NetworkError(kind: .hostNotFound, message: "cannot reach the bank at \(bank): host \(host) not found", mayHaveBeenCredited: false)
    }

    /// No connection was made in time; the request was never sent.
    static func connectTimedOut(bank: String, after limit: Duration) -> NetworkError {
        NetworkError(kind: .timedOut, message: "cannot reach the bank at \(bank): no connection within \(limit.spoken)", mayHaveBeenCredited: false)
    }

    /// The request was sent but the reply did not arrive in time.
    static func answerTimedOut(bank: String, after limit: Duration) -> NetworkError {
        NetworkError(kind: .timedOut, message: "the bank at \(bank) did not answer within \(limit.spoken)", mayHaveBeenCredited: true)
    }

    /// The connection closed after the request went out and before the reply was complete.
    static func connectionLost(bank: String) -> NetworkError {
        NetworkError(
            kind: .connectionLost,
            message: "the connection to the bank at \(bank) closed before its reply was complete",
            mayHaveBeenCredited: true
        )
    }

    /// The TLS handshake or the certificate check failed; nothing was sent.
    static func tlsFailed(bank: String, detail: String) -> NetworkError {
        NetworkError(kind: .tlsFailure, message: "cannot reach the bank at \(bank): TLS failed: \(detail)", mayHaveBeenCredited: false)
    }

    /// A 4xx: the bank refused the deposit and recorded nothing.
    static func refused(bank: String, status: Int, bankMessage: String?) -> NetworkError {
        let reason = bankMessage.map { "HTTP \(status): \($0)" } ?? "HTTP \(status) with no message"
        return NetworkError(
            kind: .httpStatus, message: "the bank at \(bank) refused the deposit: \(reason)",
            statusCode: status, bankMessage: bankMessage, mayHaveBeenCredited: false
        )
    }

    /// A 408 or 429: the bank did not take the request now (it timed out reading it, or is
    /// receiving too many); it recorded nothing, and a later attempt may succeed.
    static func notTakenNow(bank: String, status: Int, bankMessage: String?) -> NetworkError {
        NetworkError(
            kind: .httpStatus, message: "the bank at \(bank) did not take the deposit now: HTTP \(status): \(bankMessage ?? "no message")",
            statusCode: status, bankMessage: bankMessage, mayHaveBeenCredited: false
        )
    }

    /// A 5xx: the bank failed, perhaps after recording the deposit.
    static func failed(bank: String, status: Int, bankMessage: String?) -> NetworkError {
        NetworkError(
            kind: .httpStatus, message: "the bank at \(bank) failed: HTTP \(status): \(bankMessage ?? "no message")",
            statusCode: status, bankMessage: bankMessage, mayHaveBeenCredited: true
        )
    }

    /// A 3xx, which is never followed. The bank may have credited the deposit before it
    /// redirected, so the outcome is unknown.
    static func redirectRefused(bank: String, status: Int, location: String?) -> NetworkError {
        NetworkError(
            kind: .redirectRefused,
            message: "the bank at \(bank) answered HTTP \(status) redirecting to \(location ?? "no location"); "
                + "redirects are not followed, so whether it recorded the deposit is unknown",
            statusCode: status, mayHaveBeenCredited: true
        )
    }

    /// The reply passed the configured size cap.
    static func responseTooLarge(bank: String, limit: Int) -> NetworkError {
        NetworkError(kind: .responseTooLarge, message: "the bank at \(bank) sent a reply larger than \(limit) bytes", mayHaveBeenCredited: true)
    }

    /// The reply is not the JSON the protocol describes.
    static func malformedReply(bank: String, detail: String) -> NetworkError {
        NetworkError(kind: .malformedReply, message: "the bank at \(bank) sent a malformed reply: \(detail)", mayHaveBeenCredited: true)
    }

    /// The bank answered with something libcurl cannot read as HTTP; `detail` is libcurl's
    /// word for it. The request had gone out, so the bank may have recorded the deposit.
    static func unreadableReply(bank: String, detail: String) -> NetworkError {
        NetworkError(kind: .unreadableReply, message: "the bank at \(bank) answered, but its reply could not be read: \(detail)", mayHaveBeenCredited: true)
    }

    /// The caller's task was cancelled.
    static func cancelled(bank: String, mayHaveBeenCredited: Bool) -> NetworkError {
        NetworkError(kind: .cancelled, message: "the deposit to \(bank) was cancelled", mayHaveBeenCredited: mayHaveBeenCredited)
    }

    /// Any other failure, in libcurl's words.
    static func transferFailed(bank: String, detail: String, mayHaveBeenCredited: Bool) -> NetworkError {
        NetworkError(kind: .transferFailed, message: "cannot reach the bank at \(bank): \(detail)", mayHaveBeenCredited: mayHaveBeenCredited)
    }

    /// The same error with the secret `redactor` knows, in every form, taken out of its texts,
    /// and those texts in the form the app carries them (``BankText``).
    func cleaned(by redactor: SecretRedactor) -> NetworkError {
        NetworkError(
            kind: kind, message: BankText.carried(redactor.redact(message)), statusCode: statusCode,
            bankMessage: bankMessage.map { BankText.carried(redactor.redact($0)) }, mayHaveBeenCredited: mayHaveBeenCredited
        )
    }

    /// The same error, marked as possibly credited when `earlier` is true: an earlier attempt of
    /// the same deposit may have reached the bank even if this one did not.
    func possiblyCredited(by earlier: Bool) -> NetworkError {
        guard earlier, !mayHaveBeenCredited else { return self }
        return NetworkError(kind: kind, message: message, statusCode: statusCode, bankMessage: bankMessage, mayHaveBeenCredited: true)
    }
}

extension DepositConfirmation {
    /// The same confirmation with the secret `redactor` knows, in every form, taken out of the
    /// bank's deposit identifier (a bank that echoes the bearer token never gets it printed),
    /// the identifier in the form the app carries it (``BankText``), and the balance withheld
    /// (nil) when its decimal digits hold what the redactor takes out of text: an all-digit token
    /// sent as the balance would otherwise be printed as a number.
    func cleaned(by redactor: SecretRedactor) -> DepositConfirmation {
        DepositConfirmation(
            depositID: BankText.carried(redactor.redact(depositID)), account: account, amountCents: amountCents,
            balanceCents: balanceCents.flatMap { redactor.reveals(String($0)) ? nil : $0 }, isReplay: isReplay
        )
    }
}
