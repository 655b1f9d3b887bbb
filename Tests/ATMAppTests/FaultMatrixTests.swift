import ATMTestSupport
import Foundation
import Testing

/// Deposits survive every fault the bank simulator injects: run through the built `atm`, the
/// libcurl client and the journal, then completed with `atm sync`. Whatever happened on the wire,
/// the bank's ledger ends with each deposit exactly once, and the journal ends empty.
@Suite(.serialized)
struct FaultMatrixTests {
    /// Each fault is injected often enough to defeat the client's own retries (3 attempts), so
    /// that the deposit is left pending and `sync` has to complete it.
    static let faults = [
        "delay:seconds=2,times=3",
        "stall-body:seconds=2,times=3",
        "status:code=500,times=3",
        "status:code=503,times=3",
        "status:code=503,retry_after=1,times=3",
        "drop-before:times=3",
        "drop-after:times=3",
        "garbage:times=3",
        "truncate:times=3",
        "oversize:bytes=200000,times=1",
    ]

    @Test(arguments: faults)
    func aDepositIsCreditedExactlyOnceWhateverTheFault(fault: String) async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 10_000], faults: [fault])
        defer { bank.stop() }
        let journal = try Self.journalPath()
        let deposit = try await CommandRunner.run("atm", ["deposit", "20", "20", "5", "--account", "alice"] + Self.flags(bank, journal))
        #expect([0, 75].contains(deposit.status), "atm deposit exited \(deposit.status): \(deposit.error)")
        if deposit.status == 75 {
            #expect(deposit.error.hasPrefix("atm: the deposit of $45.00 to alice is pending: "))
            #expect(deposit.error.hasSuffix("; it is kept in the journal \(journal): run 'atm sync' to complete it\n"))
            let pending = try await CommandRunner.run("atm", ["pending", "--journal", journal])
            #expect(pending.output.hasPrefix("1 deposit pending in \(journal):\n  $45.00 to alice (bills 20, 20, 5)"))
        }

        try await bank.clearFaults()
        // As the pending message says: `atm sync`, which sends the deposit to the bank it was sent to.
        let sync = try await CommandRunner.run("atm", ["sync", "--journal", journal])
        #expect(sync.status == 0, "atm sync exited \(sync.status): \(sync.output)\(sync.error)")

        let ledger = try bank.ledger()
        #expect(ledger.deposits.map(\.amountCents) == [4500])
        #expect(ledger.balance(of: "alice") == 14_500)
        #expect(try await CommandRunner.run("atm", ["pending", "--journal", journal]).output == "No deposits pending in \(journal).\n")
    }

    @Test func killingAtmMidRequestLeavesAJournalThatSyncCompletes() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 0], faults: ["delay:seconds=3"])
        defer { bank.stop() }
        var expectedCents = 0
        for round in 1...4 {
            let journal = try Self.journalPath()
            let process = try CommandRunner.start("atm", ["deposit", "\([10, 20, 50, 100][round - 1])", "--account", "alice"] + Self.flags(bank, journal))
            // Kill at different points: before the journal is written, while the request is on
            // the wire, while the bank sleeps on its reply.
            try await Task.sleep(for: .milliseconds([5, 60, 300, 900][round - 1]))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): exited \(process.terminationStatus)")

            let pending = try Self.pendingAmounts(journal)
            try await bank.clearFaults()
            let sync = try await CommandRunner.run("atm", ["sync"] + Self.flags(bank, journal))
            #expect(sync.status == 0, "atm sync exited \(sync.status): \(sync.output)\(sync.error)")
            try await bank.setFaults(["delay:seconds=3"])
            expectedCents += pending.reduce(0, +)
            #expect(try Self.pendingAmounts(journal) == [])
        }
        // The later kills come after the deposit is in the journal: they must have left work for sync.
        #expect(expectedCents >= 150, "only \(expectedCents) cents were pending after the kills")
        let ledger = try bank.ledger()
        #expect(ledger.balance(of: "alice") ?? 0 == expectedCents)
        #expect(Set(ledger.deposits.map(\.idempotencyKey)).count == ledger.deposits.count)
    }

    // MARK: - Helpers

    static func flags(_ bank: BankSimulator, _ journal: String) -> [String] {
        ["--bank", bank.baseURL, "--journal", journal, "--timeout", "1", "--connect-timeout", "1"]
    }

    static func journalPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atm-journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/journal.json"
    }

    /// The amounts in a journal file, read the way an auditor would: straight from the JSON.
    static func pendingAmounts(_ journal: String) throws -> [Int] {
        guard let data = FileManager.default.contents(atPath: journal), !data.isEmpty else { return [] }
        struct Document: Decodable {
            struct Entry: Decodable { let amount_cents: Int }
            let pending: [Entry]
        }
        return try JSONDecoder().decode(Document.self, from: data).pending.map(\.amount_cents)
    }
}
