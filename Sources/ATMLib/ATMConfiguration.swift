/// What one run of an ATM app needs to know: the account deposits credit, the bank they go to,
/// and where the deposit journal is. The apps make it (part of) the seed of their root component.
///
/// How the bank is reached (its transport: timeouts, certificates, a token) is not here: that is
/// the business of the network layer an app links, and `ATMLib` knows only its protocol.
public struct ATMConfiguration: Sendable, Hashable {
    /// The account deposits are credited to.
    public let account: String
    /// The bank deposits go to, as the journal records it and a sync matches it: a real bank's
    /// canonical URL (`BankURL.absoluteString`), or the name of a bank an app carries inside
    /// itself, such as the development app's in-memory bank.
    public let bank: String
    /// Where pending deposits are recorded.
    public let journal: JournalLocation

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - account: The account deposits are credited to.
    ///   - bank: The bank deposits go to: a canonical bank URL, or the name of a built-in bank.
    ///   - journal: Where pending deposits are recorded.
    public init(account: String, bank: String, journal: JournalLocation) {
        self.account = account
        self.bank = bank
        self.journal = journal
    }
}
