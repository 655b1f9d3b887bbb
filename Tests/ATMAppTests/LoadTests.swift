import ATMTestSupport
import Foundation
import Testing

/// Many ATMs, a flaky bank: every deposit credited exactly once.
@Suite(.serialized)
struct LoadTests {
    static let clients = 8
    static let depositsPerClient = 25

    @Test func twoHundredDepositsFromEightClientsAgainstABankThatFailsOneInFiveAreCreditedExactlyOnce() async throws {
        // One request in five fails: half before the credit (503), half after it (the reply is lost).
        let bank = try await BankSimulator.start(
            accounts: [:], faults: ["status:code=503,rate=0.1", "drop-after:rate=0.111"], seed: 20_261_122
        )
        defer { bank.stop() }
        let journals = try (0..<Self.clients).map { _ in try FaultMatrixTests.journalPath() }

        let statuses = try await withThrowingTaskGroup(of: [Int32].self) { group in
            for client in 0..<Self.clients {
                group.addTask {
                    var statuses: [Int32] = []
                    for deposit in 0..<Self.depositsPerClient {
                        let run = try await CommandRunner.run("atm", [
                            "deposit", "1x\(Self.notes(client, deposit))", "--account", "client\(client)",
                            "--bank", bank.baseURL, "--journal", journals[client], "--timeout", "2",
                        ])
                        statuses.append(run.status)
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.count == Self.clients * Self.depositsPerClient)
        #expect(statuses.allSatisfy { $0 == 0 || $0 == 75 }, "exit statuses: \(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")

        try await bank.clearFaults()
        for journal in journals {
            let sync = try await CommandRunner.run("atm", ["sync", "--bank", bank.baseURL, "--journal", journal])
            #expect(sync.status == 0, "\(sync.output)\(sync.error)")
        }

        let ledger = try bank.ledger()
        let expectedTotal = (0..<Self.clients).flatMap { client in (0..<Self.depositsPerClient).map { Self.notes(client, $0) * 100 } }.reduce(0, +)
        #expect(ledger.deposits.count == Self.clients * Self.depositsPerClient)
        let keys: Set<String> = Set(ledger.deposits.map(\.idempotencyKey))
        let total: Int = ledger.deposits.reduce(0) { (sum: Int, deposit: Ledger.Deposit) in sum + deposit.amountCents }
        #expect(keys.count == ledger.deposits.count)
        #expect(total == expectedTotal)
        for client in 0..<Self.clients {
            let expected = (0..<Self.depositsPerClient).map { Self.notes(client, $0) * 100 }.reduce(0, +)
            #expect(ledger.balance(of: "client\(client)") == expected)
        }
    }

    /// 1 to 50 one-dollar notes, different for every deposit.
    static func notes(_ client: Int, _ deposit: Int) -> Int {
        (client * 7 + deposit * 3) % 50 + 1
    }
}
