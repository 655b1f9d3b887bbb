/// The bank simulator's ledger file, as the tests read it.
///
/// It mirrors the file format of `Scripts/bank-simulator.py`:
/// `{"accounts": {"alice": {"balance_cents": N}}, "deposits": [{...}]}`.
public struct Ledger: Decodable, Sendable, Equatable {
    /// One account.
    public struct Account: Decodable, Sendable, Equatable {
        /// The balance, in cents.
        public let balanceCents: Int

        enum CodingKeys: String, CodingKey {
            case balanceCents = "balance_cents"
        }
    }

    /// One credited deposit.
    public struct Deposit: Decodable, Sendable, Equatable {
        /// The bank's identifier of the deposit.
        public let depositID: String
        /// The credited account.
        public let account: String
        /// The amount, in cents.
        public let amountCents: Int
        /// The currency, `USD`.
        public let currency: String
        /// The account's balance after the deposit, in cents.
        public let balanceCents: Int
        /// The idempotency key the deposit was sent with.
        public let idempotencyKey: String
        /// When the bank recorded it, as `2026-11-22T21:00:00Z`.
        public let createdAt: String

        enum CodingKeys: String, CodingKey {
            case depositID = "deposit_id"
            case account
            case amountCents = "amount_cents"
            case currency
            case balanceCents = "balance_cents"
            case idempotencyKey = "idempotency_key"
            case createdAt = "created_at"
        }
    }

    /// The accounts by name.
    public let accounts: [String: Account]
    /// Every credited deposit, oldest first.
    public let deposits: [Deposit]

    /// The balance of an account, in cents; nil for an account the bank never heard of.
    ///
    /// - Parameter account: The account.
    /// - Returns: Its balance.
    public func balance(of account: String) -> Int? {
        accounts[account]?.balanceCents
    }
}
