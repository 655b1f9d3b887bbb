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
        // Kill at three points, each recognised by what the process has done, not by a pause:
        // at once (before the journal is written, mostly); once the journal lists the deposit
        // (before or while it is sent); once the bank has credited it (while it sleeps on the
        // reply, which arrives after 3 s: long before the 10 s timeout).
        for (round, cents) in [1000, 2000, 5000].enumerated() {
            let journal = try Self.journalPath()
            let flags = ["--bank", bank.baseURL, "--journal", journal, "--timeout", "10", "--connect-timeout", "1"]
            let credited = try bank.ledger().deposits.count
            let process = try CommandRunner.start("atm", ["deposit", "\(cents / 100)", "--account", "alice"] + flags)
            switch round {
            case 0: break
            case 1: try await Self.waitUntil("the journal lists the deposit") { try Self.pendingAmounts(journal) == [cents] }
            default: try await Self.waitUntil("the bank credits the deposit") { try bank.ledger().deposits.count > credited }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): exited \(process.terminationStatus)")

            let pending = try Self.pendingAmounts(journal)
            if round > 0 { #expect(pending == [cents], "round \(round)") }
            try await bank.clearFaults()
            let sync = try await CommandRunner.run("atm", ["sync"] + Self.flags(bank, journal))
            #expect(sync.status == 0, "atm sync exited \(sync.status): \(sync.output)\(sync.error)")
            try await bank.setFaults(["delay:seconds=3"])
            expectedCents += pending.reduce(0, +)
            #expect(try Self.pendingAmounts(journal) == [])
        }
        // The later kills come after the deposit is in the journal: they must have left work for sync.
        #expect(expectedCents >= 7000, "only \(expectedCents) cents were pending after the kills")
        let ledger = try bank.ledger()
        #expect(ledger.balance(of: "alice") ?? 0 == expectedCents)
        #expect(Set(ledger.deposits.map(\.idempotencyKey)).count == ledger.deposits.count)
    }

    // MARK: - Helpers

    static func flags(_ bank: BankSimulator, _ journal: String) -> [String] {
        ["--bank", bank.baseURL, "--journal", journal, "--timeout", "1", "--connect-timeout", "1"]
    }

    /// Waits until `condition` holds, polling it; fails the test after 5 minutes, a hang
    /// detector that no busy machine reaches. The order of events comes from the condition: the
    /// pause between two polls only paces them.
    static func waitUntil(_ what: String, _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(300)
        while try !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("waited 5 minutes, but never saw: \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
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
