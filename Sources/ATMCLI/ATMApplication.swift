public import ATMLib
public import Network

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
    /// - Parameter configuration: The bank and account the invocation asked for.
    /// - Returns: The depositer, with everything it needs.
    /// - Throws: Whatever makes the graph unusable; the command line reports it and exits 70.
    func makeDepositer(configuration: BankConfiguration) throws -> ATMDepositer
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
