/// What one HTTP exchange came to, in Swift terms: either a complete reply, or the way it failed.
///
/// `CurlTransfer` fills it in on the transfer thread; `DepositReplyInterpreter` turns it into a
/// confirmation or a `NetworkError`. It holds no libcurl types, so the interpretation can be
/// tested without a network.
struct TransferOutcome: Sendable, Equatable {
    /// How a transfer failed before a complete reply arrived.
    enum Failure: Sendable, Equatable {
        /// The connection was refused (`ECONNREFUSED`).
        case connectionRefused
        /// The host name did not resolve.
        case hostNotFound
        /// A timeout expired (connect or total; ``TransferOutcome/requestStarted`` tells which).
        case timedOut
        /// The connection closed or failed after the request was sent, before the reply was complete.
        case connectionLost
        /// The bank answered, but libcurl could not read its reply as HTTP (a header too large
        /// to hold, an invalid `Content-Length`, no status line); ``TransferOutcome/errorText``
        /// has libcurl's words.
        case unreadableReply
        /// TLS failed: handshake, certificate or trust store.
        case tls
        /// The reply passed the size cap.
        case tooLarge
        /// The caller cancelled.
        case cancelled
        /// Anything else; ``TransferOutcome/errorText`` has libcurl's words.
        case other
    }

    /// Why the transfer failed, or nil when a complete reply arrived.
    var failure: Failure?
    /// libcurl's description of the failure (its error buffer, or `curl_easy_strerror`).
    var errorText = ""
    /// Whether a connection was up and the request was about to be sent, or was sent: from
    /// then on the bank may have recorded the deposit. It stays true when libcurl sends the
    /// request again on a new connection because a reused one turned out dead.
    var requestStarted = false
    /// The HTTP status of the reply, when one arrived.
    var status = 0
    /// The reply's `Location` header.
    var location: String?
    /// The reply's `Retry-After` header, when it is a number of seconds.
    var retryAfter: Duration?
    /// The reply body.
    var body: [UInt8] = []
}
