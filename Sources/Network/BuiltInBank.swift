/// A bank that a network layer carries inside itself, such as the fake network's in-memory
/// bank: it has a name instead of a URL, and a development account to credit.
///
/// A network layer with such a bank binds it; one that reaches a real bank does not, so an app
/// takes it as `BuiltInBank?` and learns from its graph whether it needs a bank URL.
public struct BuiltInBank: Sendable, Hashable {
    /// The bank's name, which the journal records in place of a URL: `in-memory bank`.
    public let name: String
    /// The account a deposit credits unless told another: `developer`.
    public let developmentAccount: String

    /// Creates a built-in bank.
    ///
    /// - Parameters:
    ///   - name: The bank's name, recorded in place of a URL.
    ///   - developmentAccount: The account a deposit credits unless told another.
    public init(name: String, developmentAccount: String) {
        self.name = name
        self.developmentAccount = developmentAccount
    }
}
