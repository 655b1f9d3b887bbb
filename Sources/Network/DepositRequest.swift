/// One deposit as sent to the bank.
public struct DepositRequest: Sendable, Hashable, Codable {
    /// The account to credit.
    public let account: String
    /// The amount, in cents; always positive.
    public let amountCents: Int
    /// The key that makes the deposit idempotent: sent as `Idempotency-Key` on every attempt.
    public let idempotencyKey: String

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - account: The account to credit.
    ///   - amountCents: The amount, in cents.
    ///   - idempotencyKey: The key reused on every retry of this deposit.
    public init(account: String, amountCents: Int, idempotencyKey: String) {
        self.account = account
        self.amountCents = amountCents
        self.idempotencyKey = idempotencyKey
    }
}
