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

    /// The currency of every deposit, as the protocol writes it: `USD`. Amounts are in its cents.
    public static let currency = "USD"

    /// The longest account identifier accepted.
    public static let maxAccountLength = 64

    /// Checks an account identifier: 1 to ``maxAccountLength`` letters, digits, `.`, `_` or `-`,
    /// so that it can go in a URL path as it is.
    ///
    /// - Parameter account: The account.
    /// - Returns: The account.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidAccount``.
    public static func validatedAccount(_ account: String) throws(NetworkError) -> String {
        let allowed = account.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
        guard !account.isEmpty, account.count <= maxAccountLength, allowed, account != ".", account != ".." else {
            throw NetworkError(
                kind: .invalidAccount,
                message: "the account '\(account)' is not valid: use 1 to \(maxAccountLength) letters, digits, '.', '_' or '-' (but not '.' or '..' alone)",
                mayHaveBeenCredited: false
            )
        }
        return account
    }
}
