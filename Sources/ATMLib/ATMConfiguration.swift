public import Network

/// What one run of an ATM app needs to know: the bank, and where the deposit journal is. The
/// apps make it the seed of their root component.
public struct ATMConfiguration: Sendable, Hashable {
    /// The bank, and the account deposits are credited to.
    public let bank: BankConfiguration
    /// Where pending deposits are recorded.
    public let journal: JournalLocation

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - bank: The bank, and the account deposits are credited to.
    ///   - journal: Where pending deposits are recorded.
    public init(bank: BankConfiguration, journal: JournalLocation) {
        self.bank = bank
        self.journal = journal
    }
}
