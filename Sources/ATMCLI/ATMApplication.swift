public import ATMLib

/// What an app gives the command line: how to build its object graph. The command line itself
/// knows nothing of the container; `atm` and `atm-dev` implement this with their root components.
public protocol ATMApplication: Sendable {
    /// The name the app is run by: `atm`, `atm-dev`.
    var name: String { get }

    /// The values used when neither a flag nor an environment variable gives one. `atm` has
    /// none; `atm-dev` has a development account and needs no bank URL.
    var defaults: ATMDefaults { get }

    /// Builds the app's root for one invocation.
    ///
    /// - Parameter configuration: The bank, the account and the journal the invocation asked for.
    /// - Returns: The ATM: its depositer, synchronizer and journal.
    /// - Throws: Whatever makes the graph unusable; the command line reports it and exits 70.
    func makeATM(configuration: ATMConfiguration) throws -> ATM

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

    /// Creates defaults.
    ///
    /// - Parameters:
    ///   - account: The account to credit.
    ///   - bankURL: The bank's URL.
    public init(account: String? = nil, bankURL: String? = nil) {
        self.account = account
        self.bankURL = bankURL
    }
}
