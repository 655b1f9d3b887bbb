/// How to reach the bank, as the command line and the environment give it: the bank's checked
/// URL and the transport options (`--timeout`, `--connect-timeout`, `--ca-file` or `ATM_CA_FILE`,
/// `--allow-insecure-http`, `ATM_BANK_TOKEN`), unjudged. Every app reads them; a network layer
/// that reaches a real bank judges them when its graph is built (`BankNetwork`'s
/// `BankConfiguration(options:)`), and an in-memory one ignores them.
public struct BankOptions: Sendable, Hashable {
    /// The bank's URL; nil when the app's built-in bank is used (``ATMDefaults/builtInBank``).
    public var url: BankURL?
    /// How long to wait for a connection, when the invocation says.
    public var connectTimeout: Duration?
    /// How long one attempt may take, when the invocation says.
    public var totalTimeout: Duration?
    /// The bearer token, when the environment gives one.
    public var bearerToken: String?
    /// A file of extra trusted certificate authorities (PEM), when the invocation names one.
    public var caFile: String?
    /// Whether plain `http` may go to a host that is not loopback.
    public var allowsInsecureHTTP: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - url: The bank's URL, or nil for the app's built-in bank.
    ///   - connectTimeout: How long to wait for a connection.
    ///   - totalTimeout: How long one attempt may take.
    ///   - bearerToken: The bearer token.
    ///   - caFile: Extra trusted certificate authorities (PEM).
    ///   - allowsInsecureHTTP: Whether plain `http` may go to a host that is not loopback.
    public init(
        url: BankURL?, connectTimeout: Duration? = nil, totalTimeout: Duration? = nil, bearerToken: String? = nil,
        caFile: String? = nil, allowsInsecureHTTP: Bool = false
    ) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.bearerToken = bearerToken
        self.caFile = caFile
        self.allowsInsecureHTTP = allowsInsecureHTTP
    }
}
