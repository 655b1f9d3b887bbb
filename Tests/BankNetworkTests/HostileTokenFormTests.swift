@testable import BankNetwork
import Foundation
import Network
import Testing

/// The forms a hostile bank found to carry the bearer token past the redaction: a short token in
/// base64, the token spread out by invisible characters or written in look-alike ones, an
/// all-digit token sent as the balance, and a genuine character of the range that stands for raw
/// bytes. Each is read through the interpreter the client uses, from replies made by hand.
struct HostileTokenFormTests {
    /// A token of 5 characters: shorter than the 8 of a partial run.
    static let shortToken = "Ab3$x"
    /// A token of 16 characters.
    static let token = "abcdefgh12345678"

    // MARK: - K1: a short token in every encoded form

    @Test(arguments: [
        // base64 and base64url of the token alone, with and without padding
        ("QWIzJHg=", "<redacted>"), ("QWIzJHg", "<redacted>"),
        // base64 of `Bearer TOKEN`, the Authorization header's value
        ("QmVhcmVyIEFiMyR4", "<redacted>"),
        // inside a longer encoded text, at the two other alignments: the characters that also
        // hold a neighbour's bits stay, each with less than a character of the token
        ("eEFiMyR4", "eE<redacted>"), ("eHlBYjMkeA==", "eHl<redacted>A=="),
        // percent-encoded, upper or lower case
        ("Ab3%24x", "<redacted>"), ("%41%62%33%24%78", "<redacted>"),
        // the raw token, as before
        ("id Ab3$x", "id <redacted>"),
    ])
    func aShortTokenIsRedactedWholeInEveryEncodedForm(echoed: String, redacted: String) {
        #expect(SecretRedactor(secret: Self.shortToken).redact(echoed) == redacted)
    }

    @Test func aShortTokenInBase64AsTheDepositIdentifierIsRedacted() throws {
        let encoded = Data(Self.shortToken.utf8).base64EncodedString()
        #expect(encoded == "QWIzJHg=")
        let confirmation = try confirm(depositID: encoded, token: Self.shortToken)
        #expect(confirmation.depositID == "<redacted>")
    }

    @Test func ordinaryTextIsLeftAloneByAShortTokensForms() {
        let redactor = SecretRedactor(secret: Self.shortToken)
        #expect(redactor.redact("dep-000001 QWIz JHg QmVhcmVy Ab3 $x") == "dep-000001 QWIz JHg QmVhcmVy Ab3 $x")
    }

    // MARK: - K2: invisible and look-alike characters

    /// The token spread out by invisible characters, or written in look-alike ones.
    static let hidden: [String] = {
        let characters: [String] = token.map { String($0) }
        var forms: [String] = []
        // zero-width space, word joiner, soft hyphen, zero-width no-break space between the characters
        for separator in ["\u{200B}", "\u{2060}", "\u{00AD}", "\u{FEFF}"] {
            forms.append(characters.joined(separator: separator))
        }
        // a variation selector, or a combining accent, after each character
        forms.append(characters.map { $0 + "\u{FE0F}" }.joined())
        forms.append(characters.map { $0 + "\u{0301}" }.joined())
        // fullwidth forms; another letter case; all of them at once
        forms.append("ａｂｃｄｅｆｇｈ１２３４５６７８")
        forms.append(token.uppercased())
        forms.append("Ａ\u{200B}B\u{0301}c\u{2060}ＤefGH\u{00AD}1234５678")
        return forms
    }()

    @Test(arguments: hidden)
    func theTokenHiddenByInvisibleOrLookAlikeCharactersIsRedacted(echoed: String) throws {
        let redactor = SecretRedactor(secret: Self.token)
        #expect(redactor.redact("deposit " + echoed + " done") == "deposit <redacted> done")
        let confirmation = try confirm(depositID: "dep " + echoed, token: Self.token)
        #expect(confirmation.depositID == "dep <redacted>")
        let refusal = try refuse(message: "token " + echoed + " is revoked", token: Self.token)
        #expect(refusal.bankMessage == "token <redacted> is revoked")
    }

    @Test func eightCharactersOfTheTokenSpreadOutAreRedactedAndSevenAreNot() {
        let redactor = SecretRedactor(secret: Self.token)
        let eight = "CDEFGH12".map(String.init).joined(separator: "\u{200B}")
        #expect(redactor.redact("x " + eight + " y") == "x <redacted> y")
        let seven = "CDEFGH1".map(String.init).joined(separator: "\u{200B}")
        #expect(redactor.redact("x " + seven + " y") == "x " + seven + " y")
    }

    /// An accent after the token's last character goes with it; a control or a zero-width space
    /// after it stays, to be shown escaped.
    @Test func whatFollowsTheTokenIsRedactedOnlyWhenItIsAMark() {
        let redactor = SecretRedactor(secret: Self.token)
        #expect(redactor.redact(Self.token + "\u{0301}\u{FE0F}x") == "<redacted>x")
        #expect(redactor.redact(Self.token + "\u{1B}[2J") == "<redacted>\u{1B}[2J")
        #expect(redactor.redact("\u{200B}" + Self.token + "\u{200B}") == "\u{200B}<redacted>\u{200B}")
    }

    @Test func foldingLeavesOrdinaryTextAlone() {
        let redactor = SecretRedactor(secret: Self.token)
        let text = "Ｂａｎｋ café \u{200B}zero width, ABCDEFG and 1234567"
        #expect(redactor.redact(text) == text)
    }

    // MARK: - K3: the token in a number

    @Test(arguments: [
        ("83920571", 83_920_571), ("83920571", 183_920_571_0), ("x-83920571-y", 83_920_571),
        ("8392057", 8_392_057), ("8392057", -8_392_057),
    ])
    func aBalanceWhoseDigitsHoldTheTokenIsWithheld(token: String, balance: Int) throws {
        let confirmation = try confirm(depositID: "dep-1", balanceCents: balance, token: token)
        #expect(confirmation.balanceCents as Int? == nil)
        #expect(confirmation.depositID == "dep-1")
    }

    @Test(arguments: [("83920571", 8_392_057), ("x-83920571-y", 3_920_571), ("8392057", 839_205)])
    func aBalanceWithFewerOfTheTokensDigitsIsKept(token: String, balance: Int) throws {
        #expect(try confirm(depositID: "dep-1", balanceCents: balance, token: token).balanceCents == balance)
    }

    // MARK: - K4: a genuine character of the raw-byte range

    @Test func aGenuineCharacterOfTheRawByteRangeIsCarriedByItsBytes() throws {
        // The bank writes U+10FEE9 as a JSON escape; the app carries it as the stand-ins of its
        // four UTF-8 bytes, as it carries such a character in a path, not as a raw byte E9.
        let confirmation = try confirm(depositID: #"dep-\udbff\udee9"#, token: nil)
        #expect(SystemBytes.bytes(confirmation.depositID) == Array("dep-\u{10FEE9}".utf8))
        #expect(confirmation.depositID == SystemBytes.text(Array("dep-\u{10FEE9}".utf8)))
        let refusal = try refuse(message: "bad \u{10FEE9}", token: nil)
        #expect(refusal.bankMessage.map(SystemBytes.bytes) == Array("bad \u{10FEE9}".utf8))
        #expect(refusal.message == SystemBytes.text(Array("the bank at https://bank.example refused the deposit: HTTP 400: bad \u{10FEE9}".utf8)))
    }

    // MARK: - Helpers

    private func interpreter(token: String?) throws -> DepositReplyInterpreter {
        DepositReplyInterpreter(configuration: try BankConfiguration(baseURL: "https://bank.example", bearerToken: token))
    }

    /// The confirmation of a 201 with `depositID` (JSON text, written between quotes) and `balanceCents`.
    private func confirm(depositID: String, balanceCents: Int = 14_500, token: String?) throws -> DepositConfirmation {
        let body = #"{"deposit_id":"\#(depositID)","account":"alice","amount_cents":4500,"balance_cents":\#(balanceCents)}"#
        return try interpreter(token: token).interpret(TransferOutcome(status: 201, body: Array(body.utf8)), for: request).get()
    }

    /// The error of a 400 whose `error` is `message`.
    private func refuse(message: String, token: String?) throws -> NetworkError {
        let body = Array(#"{"error":"\#(message)"}"#.utf8)
        switch try interpreter(token: token).interpret(TransferOutcome(status: 400, body: body), for: request) {
        case let .success(confirmation):
            Issue.record("expected a refusal, got \(confirmation)")
            return NetworkError(kind: .transferFailed, message: "", mayHaveBeenCredited: false)
        case let .failure(failure):
            return failure.error
        }
    }

    private let request = DepositRequest(account: "alice", amountCents: 4500, idempotencyKey: "key-1")
}
