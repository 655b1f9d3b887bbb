import ATMLib
import ATMTestSupport
import Foundation
import Testing

/// A deposit that would push the journal past what it can read is refused with its own status
/// (72) before anything is sent, and the journal stays readable, so that its deposits can still
/// be listed and completed.
@Suite(.serialized)
struct JournalLimitTests {
    @Test func aDepositThatWouldOutgrowTheJournalExits72AndNothingIsSent() async throws {
        let bank = try await BankSimulator.start(accounts: [:])
        defer { bank.stop() }
        let journal = try BankIdentityTests.makeFolder("limit") + "/journal.json"
        let before = try Self.writeJournal(at: journal, leaving: 100, bankURL: bank.baseURL)

        let run = try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", bank.baseURL, "--journal", journal])
        #expect(run.status == 72)
        #expect(run.output == "")
        let prefix = "atm: the deposit journal \(journal) is full: with this deposit it would be "
        let suffix = " bytes, more than the 16 MiB it can read; the deposit was not sent: "
            + "run 'atm sync' to complete the pending deposits, then deposit again\n"
        #expect(run.error.hasPrefix(prefix) && run.error.hasSuffix(suffix), "\(run.error)")
        #expect(try bank.ledger().deposits.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before)

        let pending = try await CommandRunner.run("atm", ["pending", "--journal", journal])
        #expect(pending.status == 0)
        let sync = try await CommandRunner.run("atm", ["sync", "--journal", journal])
        #expect(sync.status == 0)
        #expect(try bank.ledger().deposits.map(\.idempotencyKey) == ["k-big"])
        let after = try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", bank.baseURL, "--journal", journal])
        #expect(after.status == 0)
    }

    /// Writes a journal of one deposit, `room` bytes short of the limit; its bytes.
    static func writeJournal(at path: String, leaving room: Int, bankURL: String) throws -> Data {
        func document(_ account: String) -> String {
            #"{"pending":[{"account":"\#(account)","amount_cents":100,"bank_url":"\#(bankURL)","bills":[1],"idempotency_key":"k-big","recorded_at":"2026-11-22T21:00:00Z"}],"version":1}"#
        }
        // The bank takes accounts of at most 64 characters, so the padding goes into recorded_at,
        // which the bank never sees: the sync can still complete the deposit.
        let padding = FileDepositJournal.maximumFileSize - room - document("alice").utf8.count
        let padded = document("alice").replacingOccurrences(of: "2026-11-22T21:00:00Z", with: "2026-11-22T21:00:00Z" + String(repeating: " ", count: padding))
        let data = Data(padded.utf8)
        try data.write(to: URL(fileURLWithPath: path))
        return data
    }
}
