import ATMTestSupport
import Foundation
import Testing

/// Each journal entry belongs to the bank it was recorded for: `atm-dev`, whose bank is in
/// memory, never completes a real bank's deposit, nor prints a receipt for a bank it cannot
/// reach; and it keeps a journal of its own unless told to share one.
@Suite(.serialized)
struct BankIdentityTests {
    @Test(arguments: [
        (["deposit", "20", "--bank", "https://bank.example"], [String: String](), "--bank names; use the production app for a real bank, or leave out --bank"),
        (["deposit", "20"], ["ATM_BANK_URL": "https://bank.example"], "ATM_BANK_URL names; use the production app for a real bank, or unset ATM_BANK_URL"),
        (["sync", "--bank", "https://bank.example"], [String: String](), "--bank names; use the production app for a real bank, or leave out --bank"),
    ])
    func atmDevRefusesARealBanksURLAndRecordsNothing(arguments: [String], environment: [String: String], reason: String) async throws {
        let state = try Self.makeFolder("state")
        let run = try await CommandRunner.run("atm-dev", arguments, environment: environment.merging(["XDG_STATE_HOME": state]) { $1 })
        #expect(run == CommandRunner.Run(
            status: 64, output: "",
            error: "atm-dev: atm-dev deposits only into its in-memory bank, so it cannot use the bank https://bank.example that \(reason)\n"
        ))
        #expect(!FileManager.default.fileExists(atPath: state + "/atm-dev/journal.json"))
    }

    @Test func atmDevRefusesARealBanksURLWithoutShowingItsPassword() async throws {
        let state = try Self.makeFolder("state")
        let run = try await CommandRunner.run(
            "atm-dev", ["deposit", "20", "--bank", "https://teller:hunter2@bank.example"], environment: ["XDG_STATE_HOME": state]
        )
        #expect(run == CommandRunner.Run(
            status: 64, output: "",
            error: "atm-dev: atm-dev deposits only into its in-memory bank, so it cannot use the bank https://teller:<redacted>@bank.example "
                + "that --bank names; use the production app for a real bank, or leave out --bank\n"
        ))
    }

    @Test func aRealBanksPendingDepositInASharedJournalIsCreditedByThatBankAloneNeverByAtmDev() async throws {
        let bank = try await BankSimulator.start(accounts: [:])
        defer { bank.stop() }
        let journal = try Self.makeFolder("shared") + "/journal.json"
        let document = #"{"pending":[{"account":"alice","amount_cents":2000,"bank_url":"BANK","bills":[20],"idempotency_key":"k-real","recorded_at":"2026-11-22T21:00:00Z"}],"version":1}"#
        try document.replacing("BANK", with: bank.baseURL).write(toFile: journal, atomically: true, encoding: .utf8)
        let shared = ["ATM_JOURNAL": journal]

        let named = try await CommandRunner.run("atm-dev", ["sync", "--bank", bank.baseURL], environment: shared)
        #expect(named.status == 64)
        #expect(named.output == "")
        let own = try await CommandRunner.run("atm-dev", ["sync"], environment: shared)
        #expect(own == CommandRunner.Run(status: 75, output: """
            1 pending deposit at in-memory bank:
              $20.00 to alice: left pending: it was sent to \(bank.baseURL), which atm-dev cannot reach; sync it with the production app

            """, error: ""))
        let jsonSync = try await CommandRunner.run("atm-dev", ["sync", "--json"], environment: shared)
        #expect(jsonSync.status == 75)
        #expect(try bank.ledger().deposits.isEmpty)
        let listed = try await CommandRunner.run("atm", ["pending", "--json"], environment: shared)
        #expect(listed.output.contains(#""idempotency_key":"k-real""#))

        let real = try await CommandRunner.run("atm", ["sync"], environment: shared)
        #expect(real.status == 0)
        #expect(try bank.ledger().deposits.map(\.idempotencyKey) == ["k-real"])
        #expect(try await CommandRunner.run("atm", ["pending"], environment: shared).output == "No deposits pending in \(journal).\n")
    }

    @Test func atmDevKeepsAJournalOfItsOwnByDefault() async throws {
        let state = try Self.makeFolder("state")
        let run = try await CommandRunner.run("atm-dev", ["deposit", "20"], environment: ["XDG_STATE_HOME": state])
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: state + "/atm-dev/journal.json"))
        #expect(!FileManager.default.fileExists(atPath: state + "/atm"))
    }

    static func makeFolder(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bank-identity-\(UUID().uuidString)/\(name)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
