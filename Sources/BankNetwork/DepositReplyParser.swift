import Network

/// Reads the bank's reply bodies: the record of a deposit, and the `error` of a refusal.
///
/// A deposit record is `{"deposit_id": "...", "account": "...", "amount_cents": 4500,
/// "balance_cents": 14500}`; the money fields must be JSON integers, and the account and amount
/// must be the ones that were sent, and the deposit id must have a visible character. Other
/// members are ignored, so the bank may add fields, except `currency`: the protocol's reply has
/// none, but one that states a currency other than the deposit's (``DepositRequest/currency``)
/// contradicts the credit asked for, as an account or an amount other than the one sent does.
enum DepositReplyParser {
    /// What is wrong with a reply, in words that finish "sent a malformed reply: …".
    struct Malformed: Error, Equatable {
        let detail: String
    }

    /// The longest text taken from a reply into a message.
    static let maxQuotedLength = 200

    /// The bank's record of `request`, read from a 200 or 201 body.
    ///
    /// - Parameters:
    ///   - body: The reply body.
    ///   - request: The deposit that was sent.
    ///   - isReplay: Whether the bank answered 200 (a replay) rather than 201.
    /// - Throws: ``Malformed`` naming the first problem.
    ///   - redactor: Takes the bearer token out of the bank's text before any of it is cut.
    static func confirmation(
        from body: [UInt8], for request: DepositRequest, isReplay: Bool, redactor: SecretRedactor = SecretRedactor(secret: nil)
    ) throws(Malformed) -> DepositConfirmation {
        guard !body.isEmpty else { throw Malformed(detail: "the body is empty") }
        let value: JSONValue
        do {
            value = try StrictJSONParser.parse(body)
        } catch {
            // A duplicate member's name is the bank's text: the secret is taken out before the cut.
            let description = error.described { quoted($0, redactor: redactor, limit: StrictJSONParser.quotedNameLength) }
            throw Malformed(detail: "the body is not JSON (\(description))")
        }
        guard case let .object(members) = value else { throw Malformed(detail: "the body is not a JSON object") }
        let depositID = try string("deposit_id", in: members)
        guard !depositID.isEmpty else { throw Malformed(detail: "\"deposit_id\" is empty") }
        // A receipt would show nothing: spaces, controls and invisible formatting alone.
        guard depositID.unicodeScalars.contains(where: isVisible) else {
            throw Malformed(detail: "\"deposit_id\" has no visible character")
        }
        let account = try string("account", in: members)
        let amountCents = try integer("amount_cents", in: members, redactor: redactor)
        let balanceCents = try integer("balance_cents", in: members, redactor: redactor)
        // The same bytes: `==` on strings takes canonically equivalent spellings (the Kelvin
        // sign for K) as one, and the receipt would then name an account the ATM never sent.
        guard account.utf8.elementsEqual(request.account.utf8) else {
            throw Malformed(detail: "it credits account \"\(quoted(account, redactor: redactor))\", not \"\(quoted(request.account))\"")
        }
        guard amountCents == request.amountCents else {
            throw Malformed(detail: "it records \(amountCents) cents, not \(request.amountCents)")
        }
        if let currency = members["currency"] {
            guard case let .string(code) = currency else { throw Malformed(detail: "\"currency\" is not a string") }
            guard code.utf8.elementsEqual(DepositRequest.currency.utf8) else {
                throw Malformed(detail: "it records the deposit in \"\(quoted(code, redactor: redactor))\", not \"\(DepositRequest.currency)\"")
            }
        }
        return DepositConfirmation(
            depositID: redactor.redact(depositID), account: account, amountCents: amountCents, balanceCents: balanceCents, isReplay: isReplay
        )
    }

    /// The `error` string of a refusal body such as `{"error": "amount_cents must be positive"}`,
    /// cleaned for a one-line message; nil when the body has none.
    static func errorMessage(in body: [UInt8], redactor: SecretRedactor = SecretRedactor(secret: nil)) -> String? {
        guard let value = try? StrictJSONParser.parse(body), case let .object(members) = value,
              case let .string(message)? = members["error"]
        else { return nil }
        let cleaned = quoted(message, redactor: redactor).trimmingSpaces
        return cleaned.isEmpty ? nil : cleaned
    }

    /// Text from the bank made safe for a one-line message: the secret `redactor` knows is taken
    /// out first, in every form, so that no cut can leave part of it; then control characters
    /// become spaces and anything past `limit` characters becomes `…`.
    static func quoted(_ text: String, redactor: SecretRedactor = SecretRedactor(secret: nil), limit: Int = maxQuotedLength) -> String {
        var result = String(redactor.redact(text).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? " " : Character(scalar)
        })
        if result.count > limit {
            result = String(result.prefix(limit)) + "…"
        }
        return result
    }

    /// Whether `scalar` shows as something: not white space, a control or a format character
    /// (zero-width and bidirectional marks).
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: false
        default: !scalar.properties.isWhitespace
        }
    }

    // MARK: - Members

    private static func string(_ name: String, in members: [String: JSONValue]) throws(Malformed) -> String {
        switch members[name] {
        case let .string(value)?: return value
        case nil: throw Malformed(detail: "\"\(name)\" is missing")
        default: throw Malformed(detail: "\"\(name)\" is not a string")
        }
    }

    private static func integer(_ name: String, in members: [String: JSONValue], redactor: SecretRedactor) throws(Malformed) -> Int {
        switch members[name] {
        case let .integer(value)?: return value
        case nil: throw Malformed(detail: "\"\(name)\" is missing")
        case let .otherNumber(text)?: throw Malformed(detail: "\"\(name)\" is \(quoted(text, redactor: redactor)); cents are written as a 64-bit integer, with no fraction or exponent")
        default: throw Malformed(detail: "\"\(name)\" is not a number")
        }
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
