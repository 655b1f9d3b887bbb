/// The bank's record of a deposit.
public struct DepositConfirmation: Sendable, Hashable, Codable {
    /// The bank's identifier of the deposit.
    public let depositID: String
    /// The credited account.
    public let account: String
    /// The amount the bank recorded, in cents.
    public let amountCents: Int
    /// The account's balance after the deposit, in cents; nil when it is withheld because its
    /// decimal digits hold the bearer token (an all-digit token the bank sent as the balance),
    /// which is never printed.
    public let balanceCents: Int?
    /// Whether the bank answered with the record of an earlier identical request (HTTP 200)
    /// rather than a new credit (HTTP 201).
    public let isReplay: Bool

    /// Creates a confirmation.
    public init(depositID: String, account: String, amountCents: Int, balanceCents: Int?, isReplay: Bool) {
        self.depositID = depositID
        self.account = account
        self.amountCents = amountCents
        self.balanceCents = balanceCents
        self.isReplay = isReplay
    }
}
