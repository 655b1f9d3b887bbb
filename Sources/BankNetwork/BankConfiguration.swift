import Foundation
public import Network

/// Where and how `BankNetworkExecutor` reaches the bank: its URL and the transport settings (timeouts,
/// a bearer token, extra trusted certificate authorities, retries, a cap on replies). A value
/// type, validated when it is made; the production app binds it in its root component.
///
/// ```swift
/// let configuration = try BankConfiguration(baseURL: "http://127.0.0.1:8080", totalTimeout: .seconds(5))
/// ```
///
/// The URL is checked as ``Network/BankURL`` checks it: only `http` and `https`, and plain `http`
/// only to a loopback host unless ``allowsInsecureHTTP`` is set. TLS certificates are always
/// verified; ``caFile`` adds a trusted certificate authority, nothing turns verification off. The
/// bearer token never appears in ``description``. The account a deposit credits is not part of
/// it: each ``Network/DepositRequest`` names its own.
public struct BankConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The bank's base URL, canonical and without a trailing slash: `http://127.0.0.1:8080`.
    public let baseURL: String
    /// How long to wait for a connection.
    public let connectTimeout: Duration
    /// How long one attempt may take, from connecting to the last byte of the reply.
    public let totalTimeout: Duration
    /// A bearer token sent as `Authorization: Bearer …`, if the bank needs one.
    public let bearerToken: String?
    /// A file of extra trusted certificate authorities (PEM), for a bank with a private CA.
    public let caFile: String?
    /// The certificates of ``caFile``, read and checked when the configuration was made; the
    /// transfers use them and never open the file again.
    let caCertificates: [UInt8]?
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

    /// Creates a configuration, checking every value.
    ///
    /// - Parameters:
    ///   - baseURL: The bank's base URL; `http` or `https`, no credentials, query or fragment.
    ///   - connectTimeout: How long to wait for a connection.
    ///   - totalTimeout: How long one attempt may take.
    ///   - bearerToken: A bearer token, if the bank needs one.
    ///   - caFile: Extra trusted certificate authorities: a readable regular file of PEM
    ///     certificates of at most 1 MiB, read now, without blocking.
    ///   - maxResponseBytes: The largest reply accepted.
    ///   - maxAttempts: Attempts per deposit, at least 1.
    ///   - retryBaseDelay: The first pause between attempts.
    ///   - allowsInsecureHTTP: Whether plain `http` may go to a host that is not loopback.
    /// - Throws: ``Network/NetworkError`` of kind ``Network/NetworkError/Kind/invalidURL``,
    ///   ``Network/NetworkError/Kind/unsupportedScheme``, ``Network/NetworkError/Kind/insecureTransport``
    ///   or ``Network/NetworkError/Kind/invalidConfiguration`` (a CA file that is missing, not a
    ///   regular file, too large or not PEM certificates, whatever the URL's scheme).
    public init(
        baseURL: String,
        connectTimeout: Duration = defaultConnectTimeout,
        totalTimeout: Duration = defaultTotalTimeout,
        bearerToken: String? = nil,
        caFile: String? = nil,
        maxResponseBytes: Int = defaultMaxResponseBytes,
        maxAttempts: Int = defaultMaxAttempts,
        retryBaseDelay: Duration = defaultRetryBaseDelay,
        allowsInsecureHTTP: Bool = false
    ) throws(NetworkError) {
        self.baseURL = try BankURL(baseURL, allowsInsecureHTTP: allowsInsecureHTTP).absoluteString
        guard connectTimeout > .zero, totalTimeout > .zero else {
            throw Self.invalid("timeouts must be positive (connect \(connectTimeout), total \(totalTimeout))")
        }
        guard maxResponseBytes > 0 else { throw Self.invalid("the response size cap must be positive, not \(maxResponseBytes)") }
        guard maxAttempts >= 1 else { throw Self.invalid("the number of attempts must be at least 1, not \(maxAttempts)") }
        guard retryBaseDelay >= .zero else { throw Self.invalid("the retry delay must not be negative") }
        // Visible ASCII alone: a bank's `Location` is kept as visible ASCII before the token is
        // taken out of it, so any other character would cut an echoed token into short pieces.
        // An empty token is refused on its own terms: the command line reads an empty
        // `ATM_BANK_TOKEN` as no token, so the rule for a token's characters must not call for one.
        if bearerToken == "" {
            throw Self.invalid("the bearer token is empty; pass none (nil) to send no Authorization header")
        }
        if let bearerToken, !bearerToken.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            throw Self.invalid(
                "the bearer token must be made of visible ASCII characters only (no spaces, tabs, line breaks or other characters)"
            )
        }
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.bearerToken = bearerToken
        self.caFile = caFile
        self.caCertificates = try caFile.map { path throws(NetworkError) in try CertificateAuthorityFile.read(path) }
        self.maxResponseBytes = maxResponseBytes
        self.maxAttempts = maxAttempts
        self.retryBaseDelay = retryBaseDelay
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }

    /// The URL deposits to an account are posted to: `<baseURL>/v1/accounts/<account>/deposits`.
    ///
    /// - Parameter account: A valid account (see ``Network/DepositRequest/validatedAccount(_:)``).
    /// - Returns: The URL.
    public func depositURL(for account: String) -> String {
        "\(baseURL)/v1/accounts/\(account)/deposits"
    }

    /// The configuration with the token redacted.
    public var description: String {
        let token = bearerToken == nil ? "none" : "<redacted>"
        return "BankConfiguration(baseURL: \(baseURL), connectTimeout: \(connectTimeout), "
            + "totalTimeout: \(totalTimeout), bearerToken: \(token), caFile: \(caFile ?? "none"), "
            + "maxResponseBytes: \(maxResponseBytes), maxAttempts: \(maxAttempts))"
    }

    private static func invalid(_ detail: String) -> NetworkError {
        NetworkError(kind: .invalidConfiguration, message: "invalid bank configuration: \(detail)", mayHaveBeenCredited: false)
    }

    /// The host of the bank's URL: `127.0.0.1` for `http://127.0.0.1:8080`.
    var host: String {
        URLComponents(string: baseURL)?.host ?? baseURL
    }

    /// The port of the bank's URL, or its scheme's: 443 for `https`, 80 for `http`.
    var port: Int {
        let components = URLComponents(string: baseURL)
        return components?.port ?? (components?.scheme?.lowercased() == "https" ? 443 : 80)
    }
}
