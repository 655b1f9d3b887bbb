import ATMLib
import BillScanner
import Foundation

/// Prints a receipt for people, or as JSON for scripts.
enum ReceiptPrinter {
    /// The receipt as people read it, with what the bank sent escaped (``TerminalText``):
    ///
    /// ```text
    /// Deposited $45.00 into alice.
    ///   bills    20, 20, 5
    ///   balance  $145.00
    ///   deposit  dep-000001
    /// ```
    static func text(_ receipt: DepositReceipt) -> String {
        """
        Deposited \(receipt.amount) into \(TerminalText.escaped(receipt.account)).
          bills    \(receipt.bills.map(\.description).joined(separator: ", "))
          balance  \(balance(receipt.balance))
          deposit  \(TerminalText.escaped(receipt.depositID))
        """
    }

    /// A balance as the text outputs print it: `$145.00`, or, when it is withheld because its
    /// digits hold the bearer token, `<redacted: it matches the bank token>`.
    static func balance(_ balance: Money?) -> String {
        balance.map { "\($0)" } ?? "<redacted: it matches the bank token>"
    }

    /// The receipt as one line of JSON with sorted keys:
    /// `{"account":"alice","amount_cents":4500,"balance_cents":14500,"bills":[20,20,5],…}`. A
    /// balance withheld because its digits hold the bearer token has no `balance_cents`, and
    /// `"balance_redacted":true` instead.
    static func json(_ receipt: DepositReceipt) -> String {
        let document = JSONReceipt(
            status: "confirmed",
            account: receipt.account,
            bills: receipt.bills.map(\.denomination.rawValue),
            amountCents: receipt.amount.cents,
            balanceCents: receipt.balance?.cents,
            balanceRedacted: receipt.balance == nil ? true : nil,
            depositID: receipt.depositID,
            idempotencyKey: receipt.idempotencyKey
        )
        return encode(document)
    }

    /// Encodes a value as one line of JSON with sorted keys, with every character that
    /// ``TerminalText`` escapes written as a JSON escape (`\u202e`): the encoder escapes only C0
    /// controls, and would let DEL, C1 controls, bidirectional overrides and line separators
    /// reach the terminal raw.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(value) else { return "{}" }
        return TerminalText.escaped(String(decoding: data, as: UTF8.self), as: .json)
    }

    private struct JSONReceipt: Encodable {
        let status: String
        let account: String
        let bills: [Int]
        let amountCents: Int
        let balanceCents: Int?
        /// True when the balance is withheld; absent otherwise.
        let balanceRedacted: Bool?
        let depositID: String
        let idempotencyKey: String

        enum CodingKeys: String, CodingKey {
            case status, account, bills
            case amountCents = "amount_cents"
            case balanceCents = "balance_cents"
            case balanceRedacted = "balance_redacted"
            case depositID = "deposit_id"
            case idempotencyKey = "idempotency_key"
        }
    }
}
