public import ATMLib
public import Network

/// What an app gives the command line: how to build its object graph. The command line itself
/// knows nothing of the container; `atm` and `atm-dev` implement this with their root components.
public protocol ATMApplication: Sendable {
    /// The name the app is run by: `atm`, `atm-dev`.
    var name: String { get }

    /// The values used when neither a flag nor an environment variable gives one. `atm` has
    /// none; `atm-dev` has a development account and a bank of its own, in memory.
    var defaults: ATMDefaults { get }

    /// Checks that the app's network can reach the bank as the options say, before anything is
    /// read or built: the transport options are the network layer's to judge, not the command
    /// line's. The default accepts every option (an app whose bank needs none).
    ///
    /// - Parameter options: The bank's URL and the transport options of the invocation.
    /// - Throws: An error whose description is one line; the command line prints it and exits 64.
    func checkBank(_ options: BankOptions) throws

    /// Builds the app's root for one invocation.
    ///
    /// - Parameter settings: The account, the bank and the journal the invocation asked for, and
    ///   how to reach the bank; ``checkBank(_:)`` accepted its ``ATMRunSettings/bank``.
    /// - Returns: The ATM: its depositer, synchronizer and journal.
    /// - Throws: Whatever makes the graph unusable; the command line reports it and exits 70.
    func makeATM(settings: ATMRunSettings) throws -> ATM

    /// Checks the app's object graph, every wiring rule included.
    ///
    /// - Returns: Whether it is valid, and the report to print: a summary, or every diagnostic.
    func validateGraph() -> GraphReport

    /// Renders the app's object graph.
    ///
    /// - Parameter format: One of ``GraphReport/formats``.
    /// - Returns: The rendered graph, or the diagnostics when the graph does not validate.
    func renderGraph(format: String) -> GraphReport
}

extension ATMApplication {
    /// Accepts every option: for an app whose bank needs no transport settings.
    ///
    /// - Parameter options: The bank's URL and the transport options of the invocation.
    public func checkBank(_ options: BankOptions) throws {}
}

/// What one invocation asked for: the ATM's configuration, and how to reach the bank.
public struct ATMRunSettings: Sendable, Hashable {
    /// The account, the bank (as the journal records it) and the journal.
    public let configuration: ATMConfiguration
    /// The bank's URL and the transport options, for an app whose network reaches a real bank.
    public let bank: BankOptions

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - configuration: The account, the bank and the journal.
    ///   - bank: The bank's URL and the transport options.
    public init(configuration: ATMConfiguration, bank: BankOptions) {
        self.configuration = configuration
        self.bank = bank
    }
}

/// How to reach the bank, as the command line and the environment give it: the bank's checked
/// URL and the transport options (`--timeout`, `--connect-timeout`, `--ca-file` or `ATM_CA_FILE`,
/// `--allow-insecure-http`, `ATM_BANK_TOKEN`), unjudged. The command line reads them for every
/// app; only an app whose network reaches a real bank uses them, and judges them in
/// ``ATMApplication/checkBank(_:)``.
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

/// What `graph` and `validate` print, and whether the graph is sound.
public struct GraphReport: Sendable, Equatable {
    /// The formats `graph --format` accepts.
    public static let formats = ["text", "dot", "mermaid", "json"]

    /// Whether the graph validates.
    public let isValid: Bool
    /// The text to print.
    public let text: String

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - isValid: Whether the graph validates.
    ///   - text: The text to print.
    public init(isValid: Bool, text: String) {
        self.isValid = isValid
        self.text = text
    }
}

/// Values an app uses when the command line and the environment give none.
public struct ATMDefaults: Sendable {
    /// The account to credit.
    public var account: String?
    /// The bank's URL.
    public var bankURL: String?
    /// The name of a bank the app carries inside itself (the development app's in-memory bank):
    /// used, and recorded in the journal, when no bank URL is given, so the app needs none.
    public var builtInBank: String?

    /// Creates defaults.
    ///
    /// - Parameters:
    ///   - account: The account to credit.
    ///   - bankURL: The bank's URL.
    ///   - builtInBank: The name of the app's built-in bank, if it has one.
    public init(account: String? = nil, bankURL: String? = nil, builtInBank: String? = nil) {
        self.account = account
        self.bankURL = bankURL
        self.builtInBank = builtInBank
    }
}
