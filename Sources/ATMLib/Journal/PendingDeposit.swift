/// A deposit recorded in the journal before it is sent, kept until the bank confirms it.
public struct PendingDeposit: Sendable, Hashable, Codable {
    /// The key the deposit is sent with, every time: the bank credits it at most once.
    public let idempotencyKey: String
    /// The account to credit.
    public let account: String
    /// The amount, in cents.
    public let amountCents: Int
    /// The face values of the bills, in the order given.
    public let bills: [Int]
    /// The bank the deposit was sent to.
    public let bankURL: String
    /// When the deposit was recorded, as `2026-11-22T21:00:00Z`.
    public let recordedAt: String

    /// Creates a record.
    public init(idempotencyKey: String, account: String, amountCents: Int, bills: [Int], bankURL: String, recordedAt: String) {
        self.idempotencyKey = idempotencyKey
        self.account = account
        self.amountCents = amountCents
        self.bills = bills
        self.bankURL = bankURL
        self.recordedAt = recordedAt
    }

    enum CodingKeys: String, CodingKey {
        case idempotencyKey = "idempotency_key"
        case account
        case amountCents = "amount_cents"
        case bills
        case bankURL = "bank_url"
        case recordedAt = "recorded_at"
    }
}
