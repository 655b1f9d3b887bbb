import ATMTestSupport
import Foundation
import Testing

/// A hostile bank that echoes `ATM_BANK_TOKEN` in the forms that once got through, against the
/// built `atm`: a short token in base64, the token spread out by invisible characters or written
/// in look-alike ones, an all-digit token sent as the balance. None of it reaches the output, in
/// text or JSON; and a genuine character of the raw-byte range reads back exactly.
@Suite(.serialized)
struct HostileBankTokenTests {
    static let shortToken = "Ab3$x"
    static let token = "abcdefgh12345678"

    // MARK: - K1

    @Test(arguments: [
        Data("Ab3$x".utf8).base64EncodedString(), Data("Bearer Ab3$x".utf8).base64EncodedString(),
    ])
    func aShortTokenInBase64IsNeverPrinted(depositID: String) async throws {
        #expect(["QWIzJHg=", "QmVhcmVyIEFiMyR4"].contains(depositID))
        let (text, _) = try await deposit(token: Self.shortToken, reply: Self.confirmation(depositID: depositID))
        #expect(text == CommandRunner.Run(status: 0, output: Self.receipt(deposit: "<redacted>"), error: ""))
        let (json, key) = try await deposit(token: Self.shortToken, reply: Self.confirmation(depositID: depositID), json: true)
        #expect(json == CommandRunner.Run(status: 0, output: Self.jsonReceipt(depositID: "<redacted>", key: key), error: ""))
    }

    // MARK: - K2

    /// The token spread out by invisible characters, or written in look-alike ones.
    static let hidden: [String] = {
        let characters: [String] = token.map { String($0) }
        var forms: [String] = []
        for separator in ["\u{200B}", "\u{2060}", "\u{00AD}"] {
            forms.append(characters.joined(separator: separator))
        }
        forms.append("ａｂｃｄｅｆｇｈ１２３４５６７８")
        forms.append(characters.map { $0 + "\u{0301}" }.joined())
        forms.append(token.uppercased())
        return forms
    }()

    @Test(arguments: hidden)
    func theTokenAmongInvisibleOrLookAlikeCharactersIsNeverPrinted(echoed: String) async throws {
        let (text, _) = try await deposit(token: Self.token, reply: Self.confirmation(depositID: "dep " + echoed))
        #expect(text == CommandRunner.Run(status: 0, output: Self.receipt(deposit: "dep <redacted>"), error: ""))
        let (json, key) = try await deposit(token: Self.token, reply: Self.confirmation(depositID: "dep " + echoed), json: true)
        #expect(json == CommandRunner.Run(status: 0, output: Self.jsonReceipt(depositID: "dep <redacted>", key: key), error: ""))
        let refusal = ScriptedHTTPServer.Step.status(400, body: #"{"error":"token \#(echoed) is revoked"}"#)
        let (refused, _) = try await deposit(token: Self.token, reply: refusal, server: { "atm: the bank at \($0) refused the deposit: HTTP 400: token <redacted> is revoked\n" })
        #expect(refused.status == 65 && refused.output.isEmpty)
    }

    @Test func invisibleCharactersOutsideTheTokenAreEscaped() async throws {
        let depositID = "dep\u{200B}-1\u{2060}\u{00AD}\u{FEFF}\u{180E}\u{FE0F}"
        let (text, _) = try await deposit(token: Self.token, reply: Self.confirmation(depositID: depositID))
        #expect(text == CommandRunner.Run(status: 0, output: Self.receipt(deposit: #"dep\u{200B}-1\u{2060}\u{AD}\u{FEFF}\u{180E}\u{FE0F}"#), error: ""))
        let (json, key) = try await deposit(token: Self.token, reply: Self.confirmation(depositID: depositID), json: true)
        #expect(json == CommandRunner.Run(status: 0, output: Self.jsonReceipt(depositID: #"dep\u200b-1\u2060\u00ad\ufeff\u180e\ufe0f"#, key: key), error: ""))
        #expect(try Self.decoded(json.output)["deposit_id"] as? String == depositID)
    }

    // MARK: - K3

    @Test func aBalanceThatIsTheTokenIsWithheldInTextAndJSON() async throws {
        let token = "83920571"
        let reply = Self.confirmation(depositID: "dep-1", balanceCents: 83_920_571)
        let (text, _) = try await deposit(token: token, reply: reply)
        #expect(text == CommandRunner.Run(status: 0, output: Self.receipt(balance: "<redacted: it matches the bank token>", deposit: "dep-1"), error: ""))
        let (json, key) = try await deposit(token: token, reply: reply, json: true)
        #expect(json == CommandRunner.Run(status: 0, output: """
            {"account":"alice","amount_cents":2000,"balance_redacted":true,"bills":[20],"deposit_id":"dep-1","idempotency_key":"\(key)","status":"confirmed"}

            """, error: ""))
        let document = try Self.decoded(json.output)
        #expect(document["balance_cents"] == nil && document["balance_redacted"] as? Bool == true)
    }

    @Test func aSyncWithholdsABalanceThatIsTheTokenInTextAndJSON() async throws {
        let token = "83920571"
        let reply = #"{"deposit_id":"dep-7","account":"alice","amount_cents":500,"balance_cents":183920571}"#
        for json in [false, true] {
            let server = try ScriptedHTTPServer(script: [.status(200, headers: ["Content-Type: application/json"], body: reply)])
            defer { server.stop() }
            let journal = try ExitStatusTests.journalPath()
            let entry = #"{"account":"alice","amount_cents":500,"bank_url":"\#(server.baseURL)","bills":[5],"idempotency_key":"k1","recorded_at":"t"}"#
            try #"{"pending":[\#(entry)],"version":1}"#.write(toFile: journal, atomically: true, encoding: .utf8)
            let run = try await CommandRunner.run(
                "atm", ["sync", "--journal", journal, "--bank", server.baseURL] + (json ? ["--json"] : []), environment: ["ATM_BANK_TOKEN": token]
            )
            let output = json
                ? #"{"complete":true,"deposits":[{"account":"alice","amount_cents":500,"balance_redacted":true,"deposit_id":"dep-7","idempotency_key":"k1","status":"confirmed"}]}"# + "\n"
                : "1 pending deposit at \(server.baseURL):\n  $5.00 to alice: confirmed, deposit dep-7, balance <redacted: it matches the bank token>\n"
            #expect(run == CommandRunner.Run(status: 0, output: output, error: ""))
        }
    }

    // MARK: - K4

    @Test func aGenuineCharacterOfTheRawByteRangeReadsBackExactly() async throws {
        let reply = Self.confirmation(depositID: #"dep-\udbff\udee9"#)
        let (text, _) = try await deposit(token: nil, reply: reply)
        #expect(text == CommandRunner.Run(status: 0, output: Self.receipt(deposit: #"dep-\u{10FEE9}"#), error: ""))
        let (json, key) = try await deposit(token: nil, reply: reply, json: true)
        #expect(json == CommandRunner.Run(status: 0, output: Self.jsonReceipt(depositID: #"dep-\udbff\udee9"#, key: key), error: ""))
        #expect(try Self.decoded(json.output)["deposit_id"] as? String == "dep-\u{10FEE9}")
    }

    // MARK: - Helpers

    /// A 201 for a deposit of $20.00 into alice; `depositID` is JSON text, written between quotes.
    static func confirmation(depositID: String, balanceCents: Int = 2_000) -> ScriptedHTTPServer.Step {
        .status(201, headers: ["Content-Type: application/json"], body: #"{"deposit_id":"\#(depositID)","account":"alice","amount_cents":2000,"balance_cents":\#(balanceCents)}"#)
    }

    static func receipt(balance: String = "$20.00", deposit: String) -> String {
        "Deposited $20.00 into alice.\n  bills    20\n  balance  \(balance)\n  deposit  \(deposit)\n"
    }

    static func jsonReceipt(depositID: String, key: String) -> String {
        #"{"account":"alice","amount_cents":2000,"balance_cents":2000,"bills":[20],"deposit_id":"\#(depositID)","idempotency_key":"\#(key)","status":"confirmed"}"# + "\n"
    }

    /// `atm deposit 20 --account alice` against a bank that answers `reply`, with `token` as
    /// `ATM_BANK_TOKEN`; the run, and the idempotency key the bank saw. With `server`, the run is
    /// expected to fail with the message it gives for the bank's URL.
    private func deposit(
        token: String?, reply: ScriptedHTTPServer.Step, json: Bool = false, server message: ((String) -> String)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (CommandRunner.Run, String) {
        let server = try ScriptedHTTPServer(script: [reply])
        defer { server.stop() }
        let arguments = ["deposit", "20", "--account", "alice", "--bank", server.baseURL, "--journal", try ExitStatusTests.journalPath()]
        let run = try await CommandRunner.run("atm", arguments + (json ? ["--json"] : []), environment: token.map { ["ATM_BANK_TOKEN": $0] } ?? [:])
        if let message {
            #expect(run.error == message(server.baseURL), sourceLocation: sourceLocation)
        }
        let key = server.requests.first?.header("Idempotency-Key") ?? "none"
        return (run, key)
    }

    static func decoded(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
