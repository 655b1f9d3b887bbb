/// What went wrong talking to the bank, in words that say what happened and where.
///
/// Every error names the bank's URL and the cause. ``mayHaveBeenCredited`` tells a caller
/// whether the deposit could have reached the bank, so that it can keep it pending rather than
/// report it as failed.
public struct NetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The bank URL cannot be parsed.
        public static let invalidURL = Kind("invalid URL")
        /// The bank URL's scheme is not `http` or `https`.
        public static let unsupportedScheme = Kind("unsupported scheme")
        /// Plain `http` to a host that is not loopback, without explicit permission.
        public static let insecureTransport = Kind("insecure transport")
        /// The account identifier cannot be sent.
        public static let invalidAccount = Kind("invalid account")
        /// A setting is out of range (a timeout, a size, a number of attempts).
        public static let invalidConfiguration = Kind("invalid configuration")
        /// The deposit request cannot be sent as it is (an idempotency key that is not a valid
        /// header value, or an account other than the configured one).
        public static let invalidRequest = Kind("invalid request")
        /// Nothing listens at the bank's address.
        public static let connectionRefused = Kind("connection refused")
        /// The bank's host name does not resolve.
        public static let hostNotFound = Kind("host not found")
        /// The bank did not answer in time.
        public static let timedOut = Kind("timed out")
        /// The connection closed before the reply was complete.
        public static let connectionLost = Kind("connection lost")
        /// TLS failed: the certificate is not trusted, or the handshake failed.
        public static let tlsFailure = Kind("TLS failure")
        /// The bank answered with a redirect, which is never followed.
        public static let redirectRefused = Kind("redirect refused")
        /// The reply is larger than the configured cap.
        public static let responseTooLarge = Kind("response too large")
        /// The bank answered with an HTTP error status.
        public static let httpStatus = Kind("HTTP status")
        /// The bank's reply is not the JSON the protocol describes.
        public static let malformedReply = Kind("malformed reply")
        /// The bank answered, but its reply cannot be read as HTTP: a header too large to hold,
        /// an invalid `Content-Length`, no status line.
        public static let unreadableReply = Kind("unreadable reply")
        /// The caller's task was cancelled.
        public static let cancelled = Kind("cancelled")
        /// Any other transfer failure.
        public static let transferFailed = Kind("transfer failed")

        /// The kind in words.
        public var description: String { name }
    }

    /// The kind of failure.
    public let kind: Kind
    /// The whole message: what happened, at which URL, and why.
    public let message: String
    /// The HTTP status of the bank's reply, for ``Kind/httpStatus``.
    public let statusCode: Int?
    /// The `error` field of the bank's reply, when it sent one.
    public let bankMessage: String?
    /// Whether the bank may have recorded the deposit: false only when the request certainly
    /// did not reach it, or the bank certainly rejected it.
    public let mayHaveBeenCredited: Bool

    /// Whether the bank answered that it will not record this deposit as it is: a 4xx other than
    /// 401 and 403 (credentials, which can be fixed) and 408 and 429 (try again later).
    public var isRefusal: Bool {
        guard kind == .httpStatus, let statusCode, (400..<500).contains(statusCode) else { return false }
        return ![401, 403, 408, 429].contains(statusCode)
    }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - message: The whole message.
    ///   - statusCode: The HTTP status, if any.
    ///   - bankMessage: The bank's own message, if any.
    ///   - mayHaveBeenCredited: Whether the deposit could have been recorded.
    public init(kind: Kind, message: String, statusCode: Int? = nil, bankMessage: String? = nil, mayHaveBeenCredited: Bool) {
        self.kind = kind
        self.message = message
        self.statusCode = statusCode
        self.bankMessage = bankMessage
        self.mayHaveBeenCredited = mayHaveBeenCredited
    }

    /// The message.
    public var description: String { message }
}
