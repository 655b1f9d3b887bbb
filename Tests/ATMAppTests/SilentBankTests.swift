import ATMTestSupport
import Foundation
import Testing

/// `atm sync` against a bank that accepts connections and never answers, through the real
/// binary and libcurl: it stops sending to that bank after two deposits in a row went
/// unanswered, however many are pending, and still syncs another bank's deposits. The verdict
/// counts the requests the silent bank received, never the time the sync took.
struct SilentBankTests {
    @Test func aSilentBankGetsTwoDepositsAttemptsTheRestWaitAndALaterSyncCreditsEachOnce() async throws {
        let silent = try SilentHTTPServer()
        defer { silent.stop() }
        let bank = try await BankSimulator.start(accounts: ["alice": 0, "bob": 0])
        defer { bank.stop() }
        let journal = try ExitStatusTests.journalPath()
        func entry(_ key: String, _ account: String, _ cents: Int, _ bills: String, _ url: String) -> String {
            #"{"account":"\#(account)","amount_cents":\#(cents),"bank_url":"\#(url)","bills":[\#(bills)],"idempotency_key":"\#(key)","recorded_at":"t"}"#
        }
        let keys = (1...10).map { "k-\($0)" }
        let entries = keys.map { entry($0, "alice", 2000, "20", silent.baseURL) } + [entry("k-bob", "bob", 500, "5", bank.baseURL)]
        try #"{"pending":[\#(entries.joined(separator: ","))],"version":1}"#.write(toFile: journal, atomically: true, encoding: .utf8)

        let run = try await CommandRunner.run("atm", ["sync", "--journal", journal, "--timeout", "1"])

        let silence = "the bank at \(silent.baseURL) did not answer within 1 s"
        let notAttempted = "  $20.00 to alice: not attempted: the bank did not answer 2 deposits in a row (\(silence)), "
            + "so no more were sent to it; it stays pending\n"
        #expect(run == CommandRunner.Run(status: 75, output: """
            10 pending deposits at \(silent.baseURL):
              $20.00 to alice: still pending: \(silence)
              $20.00 to alice: still pending: \(silence)

            """ + String(repeating: notAttempted, count: 8) + """
            1 pending deposit at \(bank.baseURL):
              $5.00 to bob: confirmed, deposit dep-000001, balance $5.00
            Run 'atm sync' again once the bank can be reached.

            """, error: ""))
        // Three attempts of each of the first two deposits, and nothing of the other eight.
        let requests = try await silent.requestsSoFar()
        #expect(requests.compactMap { $0.header("Idempotency-Key") } == ["k-1", "k-1", "k-1", "k-2", "k-2", "k-2"])

        // The ten wait in the journal, unchanged; sent to a bank that answers, each is credited once.
        #expect(try String(contentsOfFile: journal, encoding: .utf8).components(separatedBy: silent.baseURL).count == 11)
        let listed = try String(contentsOfFile: journal, encoding: .utf8)
        try listed.replacingOccurrences(of: silent.baseURL, with: bank.baseURL).write(toFile: journal, atomically: true, encoding: .utf8)
        let again = try await CommandRunner.run("atm", ["sync", "--journal", journal])
        #expect(again.status == 0, "\(again)")
        let ledger = try bank.ledger()
        #expect(ledger.deposits.map(\.idempotencyKey) == ["k-bob"] + keys)
        #expect(ledger.balance(of: "alice") == 20_000)
        #expect(try await CommandRunner.run("atm", ["pending", "--journal", journal]).output == "No deposits pending in \(journal).\n")
    }
}
