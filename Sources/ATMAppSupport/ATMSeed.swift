public import ATMCLI
public import ATMLib

/// The seed of an ATM app's root component: what one invocation's settings become in the graph.
///
/// The development app's seed is `ATMLib`'s ``ATMLib/ATMConfiguration`` alone: its bank is in
/// memory and takes no transport settings. The production app's seed adds the configuration of
/// its bank client, made (and judged) from the invocation's ``ATMCLI/BankOptions``.
public protocol ATMSeed: Sendable {
    /// Checks that the bank can be reached as the options say, before anything is read or built.
    ///
    /// - Parameter options: The bank's URL and the transport options of the invocation.
    /// - Throws: An error whose description is one line; the command line exits 64 with it.
    static func checkBank(_ options: BankOptions) throws

    /// Makes the seed of one invocation.
    ///
    /// - Parameter settings: The invocation's settings, whose bank options ``checkBank(_:)`` accepted.
    /// - Throws: What ``checkBank(_:)`` would throw.
    init(settings: ATMRunSettings) throws
}

extension ATMConfiguration: ATMSeed {
    /// Accepts every option: the configuration carries no transport settings.
    ///
    /// - Parameter options: The bank's URL and the transport options of the invocation.
    public static func checkBank(_ options: BankOptions) {}

    /// The invocation's configuration.
    ///
    /// - Parameter settings: The invocation's settings.
    public init(settings: ATMRunSettings) {
        self = settings.configuration
    }
}
