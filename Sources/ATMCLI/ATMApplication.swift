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

    /// Builds the app's root for one invocation. The graph judges what it is given: a linked
    /// network layer that reaches a real bank judges the transport options, and the journal is
    /// opened.
    ///
    /// - Parameter settings: The account, the bank and the journal the invocation asked for, and
    ///   how to reach the bank.
    /// - Returns: The ATM: its depositer, synchronizer and journal.
    /// - Throws: ``ATMBuildFailure`` saying what the graph could not make.
    func makeATM(settings: ATMRunSettings) async throws(ATMBuildFailure) -> ATM

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

/// Why an app could not build its graph for an invocation.
public enum ATMBuildFailure: Error, Sendable {
    /// The invocation's bank options are not usable: the linked network layer judged them (64).
    case bankOptions(NetworkError)
    /// The deposit journal cannot be opened (74).
    case journal(JournalError)
    /// The object graph itself is broken: the app's fault (70).
    case graph(String)
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
    /// The folder of the app's state under `$XDG_STATE_HOME` (or `~/.local/state`), which holds
    /// its default journal: `atm`; `atm-dev` for an app whose bank is in memory, so that its
    /// deposits never share a journal with a real bank's unless told to.
    public var stateFolder: String

    /// Creates defaults.
    ///
    /// - Parameters:
    ///   - account: The account to credit.
    ///   - bankURL: The bank's URL.
    ///   - builtInBank: The name of the app's built-in bank, if it has one.
    ///   - stateFolder: The folder of the app's state, which holds its default journal.
    public init(account: String? = nil, bankURL: String? = nil, builtInBank: String? = nil, stateFolder: String = "atm") {
        self.account = account
        self.bankURL = bankURL
        self.builtInBank = builtInBank
        self.stateFolder = stateFolder
    }
}
