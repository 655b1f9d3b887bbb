@testable import BankNetwork
import Network
import Testing

struct DepositReplyParserTests {
    @Test func aWellFormedRecordIsRead() throws {
        let confirmation = try DepositReplyParser.confirmation(
            from: bytes(#"{"deposit_id":"dep-000007","account":"alice","amount_cents":4500,"balance_cents":14500}"#),
            for: request, isReplay: false
        )
        #expect(confirmation == DepositConfirmation(depositID: "dep-000007", account: "alice", amountCents: 4500, balanceCents: 14500, isReplay: false))
    }

    /// The protocol's reply has no `currency`; one that states the deposit's is no contradiction.
    @Test func aReplyThatStatesTheDepositsCurrencyIsRead() throws {
        let confirmation = try DepositReplyParser.confirmation(
            from: bytes(#"{"deposit_id":" dep-1 ","account":"alice","amount_cents":4500,"balance_cents":14500,"currency":"USD"}"#),
            for: request, isReplay: false
        )
        #expect(confirmation == DepositConfirmation(depositID: " dep-1 ", account: "alice", amountCents: 4500, balanceCents: 14500, isReplay: false))
    }

    @Test func unknownMembersAndWhitespaceAreAccepted() throws {
        let body = " {\n \"deposit_id\" : \"d\\u00e9p-1\", \"account\":\"alice\", \"amount_cents\":4500, \"balance_cents\":-100, \"memo\":[1.5,true,null,{}] }\n"
        let confirmation = try DepositReplyParser.confirmation(from: bytes(body), for: request, isReplay: true)
        #expect(confirmation == DepositConfirmation(depositID: "dép-1", account: "alice", amountCents: 4500, balanceCents: -100, isReplay: true))
    }

    @Test(arguments: [
        ("", "the body is empty"),
        ("<html>oops</html>", "the body is not JSON (unexpected character at byte 0)"),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500,"balance_cents":1}x"#, "the body is not JSON (unexpected text after the JSON value at byte 74)"),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500,"balance_cents":1,}"#, "the body is not JSON (expected a member name at byte 74)"),
        (#"{"deposit_id":"d","deposit_id":"e"}"#, #"the body is not JSON (duplicate member "deposit_id" at byte 18)"#),
        (#"{"\#(String(repeating: "k", count: 5_000))":1,"\#(String(repeating: "k", count: 5_000))":2}"#,
         #"the body is not JSON (duplicate member "\#(String(repeating: "k", count: 40))…" at byte 5006)"#),
        (#"{"deposit_id":"d","account":"alice","amount_c"#, "the body is not JSON (unterminated string at byte 45)"),
        ("[4500]", "the body is not a JSON object"),
        (#"{"account":"alice","amount_cents":4500,"balance_cents":1}"#, #""deposit_id" is missing"#),
        (#"{"deposit_id":"","account":"alice","amount_cents":4500,"balance_cents":1}"#, #""deposit_id" is empty"#),
        (#"{"deposit_id":7,"account":"alice","amount_cents":4500,"balance_cents":1}"#, #""deposit_id" is not a string"#),
        // An id with nothing to show would print as a blank on the receipt: no record of a deposit.
        (#"{"deposit_id":" ","account":"alice","amount_cents":4500,"balance_cents":1}"#, #""deposit_id" has no visible character"#),
        (#"{"deposit_id":"\u0000","account":"alice","amount_cents":4500,"balance_cents":1}"#, #""deposit_id" has no visible character"#),
        (#"{"deposit_id":"\t\u200B\u202E\n","account":"alice","amount_cents":4500,"balance_cents":1}"#, #""deposit_id" has no visible character"#),
        // Deposits are in US dollars: a reply that states another currency is not the credit asked for.
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500,"balance_cents":1,"currency":"EUR"}"#, #"it records the deposit in "EUR", not "USD""#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500,"balance_cents":1,"currency":"usd"}"#, #"it records the deposit in "usd", not "USD""#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500,"balance_cents":1,"currency":840}"#, #""currency" is not a string"#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500.0,"balance_cents":1}"#, #""amount_cents" is 4500.0; cents are written as a 64-bit integer, with no fraction or exponent"#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":45e2,"balance_cents":1}"#, #""amount_cents" is 45e2; cents are written as a 64-bit integer, with no fraction or exponent"#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":"4500","balance_cents":1}"#, #""amount_cents" is not a number"#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500,"balance_cents":99999999999999999999}"#, #""balance_cents" is 99999999999999999999; cents are written as a 64-bit integer, with no fraction or exponent"#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":4500}"#, #""balance_cents" is missing"#),
        (#"{"deposit_id":"d","account":"bob","amount_cents":4500,"balance_cents":1}"#, #"it credits account "bob", not "alice""#),
        (#"{"deposit_id":"d","account":"alice","amount_cents":450,"balance_cents":1}"#, "it records 450 cents, not 4500"),
        (#"{"deposit_id":"d","account":"alice","amount_cents":04500,"balance_cents":1}"#, "the body is not JSON (expected ',' or '}' at byte 52)"),
    ])
    func malformedRecordsSayWhatIsWrong(body: String, detail: String) throws {
        let error = try #require(throws: DepositReplyParser.Malformed.self) {
            try DepositReplyParser.confirmation(from: bytes(body), for: request, isReplay: false)
        }
        #expect(error.detail == detail)
    }

    /// JSON is UTF-8: a byte of anything else, an overlong form or a surrogate is not taken as
    /// U+FFFD into a deposit's record.
    @Test(arguments: [[0xFF, 0xFE], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func aBodyThatIsNotUTF8IsNotJSON(bad: [UInt8]) throws {
        let body = Array(#"{"deposit_id":"dep-"#.utf8) + bad + Array(#"","account":"alice","amount_cents":4500,"balance_cents":14500}"#.utf8)
        let error = try #require(throws: DepositReplyParser.Malformed.self) {
            try DepositReplyParser.confirmation(from: body, for: request, isReplay: false)
        }
        #expect(error.detail == "the body is not JSON (a byte that is not UTF-8 at byte 19)")
    }

    /// Swift's `==` on strings compares canonical equivalence, under which the Kelvin sign
    /// (U+212A) is the letter K: the account a confirmation credits must be the same bytes.
    @Test func anAccountThatIsOnlyCanonicallyEquivalentIsAnotherAccount() throws {
        let karl = DepositRequest(account: "Karl", amountCents: 4500, idempotencyKey: "key-1")
        let error = try #require(throws: DepositReplyParser.Malformed.self) {
            try DepositReplyParser.confirmation(
                from: bytes(#"{"deposit_id":"d","account":"\u212Aarl","amount_cents":4500,"balance_cents":1}"#), for: karl, isReplay: false
            )
        }
        // Compared as bytes: `==` would take either spelling for the other.
        #expect(Array(error.detail.utf8) == Array("it credits account \"\u{212A}arl\", not \"Karl\"".utf8))
    }

    @Test func theRefusalMessageIsTheErrorMember() {
        #expect(DepositReplyParser.errorMessage(in: bytes(#"{"error":"amount_cents must be positive"}"#)) == "amount_cents must be positive")
        #expect(DepositReplyParser.errorMessage(in: bytes(#"{"error":"two\nlines\u0007"}"#)) == "two lines")
        #expect(DepositReplyParser.errorMessage(in: bytes(#"{"error":"   "}"#)) == nil)
        #expect(DepositReplyParser.errorMessage(in: bytes(#"{"error":42}"#)) == nil)
        #expect(DepositReplyParser.errorMessage(in: bytes("<html>Bad Gateway</html>")) == nil)
        #expect(DepositReplyParser.errorMessage(in: []) == nil)
    }

    @Test func aLongRefusalMessageIsShortened() {
        let long = String(repeating: "x", count: 500)
        #expect(DepositReplyParser.errorMessage(in: bytes(#"{"error":"\#(long)"}"#)) == String(repeating: "x", count: 200) + "…")
    }

    @Test func deeplyNestedJSONIsRefused() {
        let body = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: StrictJSONParser.SyntaxError(reason: "nested more than 32 levels deep", offset: 32)) {
            try StrictJSONParser.parse(bytes(body))
        }
    }

    @Test func surrogatePairsAndEscapesAreDecoded() throws {
        #expect(try StrictJSONParser.parse(bytes(#""\ud83d\udcb5 \"\\\/\b\f\n\r\t""#)) == .string("💵 \"\\/\u{08}\u{0C}\n\r\t"))
        #expect(throws: StrictJSONParser.SyntaxError(reason: "unpaired surrogate", offset: 7)) {
            try StrictJSONParser.parse(bytes(#""\ud83d""#))
        }
    }
}

private let request = DepositRequest(account: "alice", amountCents: 4500, idempotencyKey: "key-1")

private func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}
