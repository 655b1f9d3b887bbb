import Foundation

/// Where and how to reach the bank: a value type, validated when it is made, injected through
/// the graph.
///
/// ```swift
/// let configuration = try BankConfiguration(baseURL: "http://127.0.0.1:8080", account: "alice")
/// ```
///
/// Only `http` and `https` URLs are accepted, and plain `http` only to a loopback host unless
/// ``allowsInsecureHTTP`` is set. TLS certificates are always verified; ``caFile`` adds a trusted
/// certificate authority, nothing turns verification off. The bearer token never appears in
/// ``description``.
public struct BankConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The bank's base URL, without a trailing slash: `http://127.0.0.1:8080`.
    public let baseURL: String
    /// The account to credit.
    public let account: String
    /// How long to wait for a connection.
    public let connectTimeout: Duration
    /// How long one attempt may take, from connecting to the last byte of the reply.
    public let totalTimeout: Duration
    /// A bearer token sent as `Authorization: Bearer …`, if the bank needs one.
    public let bearerToken: String?
    /// A file of extra trusted certificate authorities (PEM), for a bank with a private CA.
    public let caFile: String?
    /// The largest reply accepted, in bytes.
    public let maxResponseBytes: Int
    /// How many times one deposit is attempted in all, retries included.
    public let maxAttempts: Int
    /// The first pause between attempts; it doubles after each one.
    public let retryBaseDelay: Duration
    /// Whether plain `http` is allowed to a host that is not loopback.
    public let allowsInsecureHTTP: Bool

    /// Default connect timeout: 5 seconds.
    public static let defaultConnectTimeout = Duration.seconds(5)
    /// Default timeout of one attempt: 15 seconds.
    public static let defaultTotalTimeout = Duration.seconds(15)
    /// Default cap on a reply: 64 KiB; the bank's replies are a few hundred bytes.
    public static let defaultMaxResponseBytes = 64 * 1024
    /// Default number of attempts of one deposit: 3.
    public static let defaultMaxAttempts = 3
    /// Default first pause between attempts: 200 milliseconds.
    public static let defaultRetryBaseDelay = Duration.milliseconds(200)
    /// The longest account identifier accepted.
    public static let maxAccountLength = 64

    /// Creates a configuration, checking every value.
    ///
    /// - Parameters:
    ///   - baseURL: The bank's base URL; `http` or `https`, no credentials, query or fragment.
    ///   - account: The account: 1 to 64 letters, digits, `.`, `_` or `-`.
    ///   - connectTimeout: How long to wait for a connection.
    ///   - totalTimeout: How long one attempt may take.
    ///   - bearerToken: A bearer token, if the bank needs one.
    ///   - caFile: Extra trusted certificate authorities (PEM).
    ///   - maxResponseBytes: The largest reply accepted.
    ///   - maxAttempts: Attempts per deposit, at least 1.
    ///   - retryBaseDelay: The first pause between attempts.
    ///   - allowsInsecureHTTP: Whether plain `http` may go to a host that is not loopback.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL``,
    ///   ``NetworkError/Kind/unsupportedScheme``, ``NetworkError/Kind/insecureTransport``,
    ///   ``NetworkError/Kind/invalidAccount`` or ``NetworkError/Kind/invalidConfiguration``.
    public init(
        baseURL: String,
        account: String,
        connectTimeout: Duration = defaultConnectTimeout,
        totalTimeout: Duration = defaultTotalTimeout,
        bearerToken: String? = nil,
        caFile: String? = nil,
        maxResponseBytes: Int = defaultMaxResponseBytes,
        maxAttempts: Int = defaultMaxAttempts,
        retryBaseDelay: Duration = defaultRetryBaseDelay,
        allowsInsecureHTTP: Bool = false
    ) throws(NetworkError) {
        self.baseURL = try Self.validatedBaseURL(baseURL, allowsInsecureHTTP: allowsInsecureHTTP)
        self.account = try Self.validatedAccount(account)
        guard connectTimeout > .zero, totalTimeout > .zero else {
            throw Self.invalid("timeouts must be positive (connect \(connectTimeout), total \(totalTimeout))")
        }
        guard maxResponseBytes > 0 else { throw Self.invalid("the response size cap must be positive, not \(maxResponseBytes)") }
        guard maxAttempts >= 1 else { throw Self.invalid("the number of attempts must be at least 1, not \(maxAttempts)") }
        guard retryBaseDelay >= .zero else { throw Self.invalid("the retry delay must not be negative") }
        if let bearerToken, bearerToken.isEmpty || bearerToken.contains(where: { $0.isNewline || $0 == " " }) {
            throw Self.invalid("the bearer token must be non-empty and contain no spaces or line breaks")
        }
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.bearerToken = bearerToken
        self.caFile = caFile
        self.maxResponseBytes = maxResponseBytes
        self.maxAttempts = maxAttempts
        self.retryBaseDelay = retryBaseDelay
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }

    /// The URL deposits to the configured account are posted to:
    /// `<baseURL>/v1/accounts/<account>/deposits`.
    public var depositURL: String { depositURL(for: account) }

    /// The URL deposits to an account are posted to: `<baseURL>/v1/accounts/<account>/deposits`.
    ///
    /// - Parameter account: A valid account (see ``validatedAccount(_:)``).
    /// - Returns: The URL.
    public func depositURL(for account: String) -> String {
        "\(baseURL)/v1/accounts/\(account)/deposits"
    }

    /// The configuration with the token redacted.
    public var description: String {
        let token = bearerToken == nil ? "none" : "<redacted>"
        return "BankConfiguration(baseURL: \(baseURL), account: \(account), connectTimeout: \(connectTimeout), "
            + "totalTimeout: \(totalTimeout), bearerToken: \(token), caFile: \(caFile ?? "none"), "
            + "maxResponseBytes: \(maxResponseBytes), maxAttempts: \(maxAttempts))"
    }

    // MARK: - Validation

    private static func validatedBaseURL(_ text: String, allowsInsecureHTTP: Bool) throws(NetworkError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(text)' is not a valid URL: write it as http://host:port or https://host",
                mayHaveBeenCredited: false
            )
        }
        guard scheme == "http" || scheme == "https" else {
            throw NetworkError(
                kind: .unsupportedScheme,
                message: "the bank URL '\(text)' uses \(scheme); only http and https are supported",
                mayHaveBeenCredited: false
            )
        }
        guard let host = components.host, !host.isEmpty else {
            throw NetworkError(kind: .invalidURL, message: "the bank URL '\(text)' has no host", mayHaveBeenCredited: false)
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(text)' has the port \(port); a port is 1 to 65535",
                mayHaveBeenCredited: false
            )
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            // Control characters are shown escaped, so that the message stays one line.
            let shown = text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(shown)' contains a space or a control character; write spaces in a path as %20",
                mayHaveBeenCredited: false
            )
        }
        guard components.user == nil, components.password == nil else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(withPasswordRedacted(text))' contains credentials; pass a bearer token instead",
                mayHaveBeenCredited: false
            )
        }
        guard components.query == nil, components.fragment == nil else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(text)' must not have a query or a fragment",
                mayHaveBeenCredited: false
            )
        }
        if scheme == "http", !allowsInsecureHTTP, !isLoopback(host) {
            throw NetworkError(
                kind: .insecureTransport,
                message: "the bank URL '\(text)' uses plain http to \(host), which is not a loopback host; use https, or allow insecure http explicitly",
                mayHaveBeenCredited: false
            )
        }
        return canonicalURL(trimmed)
    }

    /// A bank URL in the form every comparison uses: the scheme and the host lowercased
    /// (`HTTP://Bank.Example` and `http://bank.example` are one bank), trailing slashes dropped,
    /// the path as given. Text that is not a URL is returned as it is.
    ///
    /// - Parameter text: A bank URL, such as one recorded in an older journal.
    /// - Returns: Its canonical form.
    public static func canonicalURL(_ text: String) -> String {
        var url = text.trimmingCharacters(in: .whitespaces)
        while url.hasSuffix("/") { url.removeLast() }
        guard let schemeEnd = url.range(of: "://") else { return url }
        let authorityEnd = url[schemeEnd.upperBound...].firstIndex(of: "/") ?? url.endIndex
        return url[..<authorityEnd].lowercased() + url[authorityEnd...]
    }

    /// The URL with the password of its `user:password@` part replaced by `<redacted>`.
    private static func withPasswordRedacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"),
              let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
              let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return text[..<text.index(after: colon)] + "<redacted>" + text[at...]
    }

    /// Checks an account identifier: 1 to ``maxAccountLength`` letters, digits, `.`, `_` or `-`,
    /// so that it can go in a URL path as it is.
    ///
    /// - Parameter account: The account.
    /// - Returns: The account.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidAccount``.
    public static func validatedAccount(_ account: String) throws(NetworkError) -> String {
        let allowed = account.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
        guard !account.isEmpty, account.count <= maxAccountLength, allowed, account != ".", account != ".." else {
            throw NetworkError(
                kind: .invalidAccount,
                message: "the account '\(account)' is not valid: use 1 to \(maxAccountLength) letters, digits, '.', '_' or '-' (but not '.' or '..' alone)",
                mayHaveBeenCredited: false
            )
        }
        return account
    }

    private static func invalid(_ detail: String) -> NetworkError {
        NetworkError(kind: .invalidConfiguration, message: "invalid bank configuration: \(detail)", mayHaveBeenCredited: false)
    }

    /// The host of a URL: `127.0.0.1` for `http://127.0.0.1:8080`.
    static func host(of url: String) -> String? {
        URLComponents(string: url)?.host
    }

    /// Whether a host name or address is the local machine.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" || bare.hasSuffix(".localhost") { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
