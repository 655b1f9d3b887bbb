import ATMTestSupport
import Foundation
import Testing

/// Replies of a hostile bank, through the real `atm` and libcurl: a credit reply that is not the
/// record of the deposit sent, and replies libcurl cannot read at all, leave the deposit pending
/// (75), in words that say what the bank did.
struct HostileReplyTests {
    static let deposit = ["deposit", "20", "--account", "alice"]

    /// Each reply is malformed, so each attempt is made: three, and the deposit stays pending.
    @Test(arguments: [
        (#"{"deposit_id":"dep-1","account":"alice","amount_cents":2000,"balance_cents":2000,"currency":"EUR"}"#,
         #"sent a malformed reply: it records the deposit in "EUR", not "USD""#),
        (#"{"deposit_id":" ","account":"alice","amount_cents":2000,"balance_cents":2000}"#,
         #"sent a malformed reply: "deposit_id" has no visible character"#),
        (#"{"deposit_id":"\u0000","account":"alice","amount_cents":2000,"balance_cents":2000}"#,
         #"sent a malformed reply: "deposit_id" has no visible character"#),
    ])
    func aCreditReplyThatIsNotTheDepositsRecordLeavesItPending(body: String, detail: String) async throws {
        let reply = ScriptedHTTPServer.Step.status(201, headers: ["Content-Type: application/json"], body: body)
        let server = try ScriptedHTTPServer(script: [reply, reply, reply])
        defer { server.stop() }
        let journal = try ExitStatusTests.journalPath()
        let run = try await CommandRunner.run("atm", Self.deposit + ["--bank", server.baseURL, "--journal", journal])
        #expect(run == CommandRunner.Run(
            status: 75, output: "",
            error: "atm: the deposit of $20.00 to alice is pending: the bank at \(server.baseURL) \(detail); "
                + "it is kept in the journal \(journal): run 'atm sync' to complete it\n"
        ))
        #expect(server.requests.count == 3)
    }

    /// The bank answered, with something libcurl cannot read as HTTP: not "cannot reach the bank".
    @Test(arguments: [
        ("HTTP/1.1 201 Created\r\nX-Padding: \(String(repeating: "a", count: 2_000_000))\r\nContent-Length: 2\r\n\r\n{}", "Out of memory"),
        ("HTTP/1.1 201 Created\r\nContent-Length: -1\r\n\r\n{}", "Invalid Content-Length: value"),
        (#"{"deposit_id":"dep-1","account":"alice","amount_cents":2000,"balance_cents":2000}"#, "Received HTTP/0.9 when not allowed"),
    ])
    func aReplyThatIsNotHTTPSaysTheBankAnsweredAndLeavesTheDepositPending(reply: String, detail: String) async throws {
        let server = try ScriptedHTTPServer(script: [.reply(reply)])
        defer { server.stop() }
        let journal = try ExitStatusTests.journalPath()
        let run = try await CommandRunner.run("atm", Self.deposit + ["--bank", server.baseURL, "--journal", journal])
        #expect(run == CommandRunner.Run(
            status: 75, output: "",
            error: "atm: the deposit of $20.00 to alice is pending: the bank at \(server.baseURL) answered, but its reply could not be read: "
                + "\(detail); it is kept in the journal \(journal): run 'atm sync' to complete it\n"
        ))
        #expect(server.requests.count == 1)
    }
}
