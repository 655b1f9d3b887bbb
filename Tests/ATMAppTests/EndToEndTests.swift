import ATMLib
import ATMTestSupport
import Foundation
import Testing

/// The built `atm` and `atm-dev`, run as a user runs them: against the bank simulator on
/// loopback for `atm`, in memory for `atm-dev`. Checks stdout, stderr, exit statuses and the
/// bank's ledger.
@Suite(.serialized)
struct EndToEndTests {
    @Test func atmDepositsThroughLibcurlIntoTheBank() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 10_000])
        defer { bank.stop() }
        let run = try await CommandRunner.run("atm", ["deposit", "20", "20", "5", "--account", "alice", "--bank", bank.baseURL])
        #expect(run == CommandRunner.Run(status: 0, output: """
            Deposited $45.00 into alice.
              bills    20, 20, 5
              balance  $145.00
              deposit  dep-000001

            """, error: ""))
        let ledger = try bank.ledger()
        #expect(ledger.deposits.map(\.amountCents) == [4500])
        #expect(ledger.balance(of: "alice") == 14_500)
    }

    @Test func atmTakesTheBankAndAccountFromTheEnvironmentAndPrintsJSON() async throws {
        let bank = try await BankSimulator.start(accounts: [:])
        defer { bank.stop() }
        let run = try await CommandRunner.run("atm", ["deposit", "20x2", "5", "--json"], environment: ["ATM_BANK_URL": bank.baseURL, "ATM_ACCOUNT": "bob"])
        #expect(run.status == 0)
        let key = try #require(try bank.ledger().deposits.first?.idempotencyKey)
        #expect(run.output == """
            {"account":"bob","amount_cents":4500,"balance_cents":4500,"bills":[20,20,5],"deposit_id":"dep-000001","idempotency_key":"\(key)","status":"confirmed"}

            """)
    }

    @Test(arguments: [
        (["abc"], "atm: 'abc' is not a bill; write a face value such as 20, or 20x2 for two of them"),
        (["0"], "atm: 0 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        (["-5"], "atm: -5 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        (["7"], "atm: 7 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        ([], "atm: no bills to deposit; give at least one bill, such as 20"),
        (["1x51"], "atm: 51 notes is more than the 50 notes one deposit accepts"),
        (["100x26"], "atm: $2,600.00 is more than the $2,500.00 one deposit accepts"),
    ])
    func badBillsExit65AndNothingReachesTheBank(bills: [String], message: String) async throws {
        let bank = try await BankSimulator.start()
        defer { bank.stop() }
        let run = try await CommandRunner.run("atm", ["deposit"] + bills + ["--account", "alice", "--bank", bank.baseURL])
        #expect(run == CommandRunner.Run(status: 65, output: "", error: message + "\n"))
        #expect(try bank.ledger().deposits.isEmpty)
    }

    @Test(arguments: [
        (["deposit", "20", "--account", "alice"], "atm: no bank URL; pass --bank URL or set ATM_BANK_URL"),
        (["deposit", "20", "--account", "alice", "--bank", "ftp://bank.example"], "atm: the bank URL 'ftp://bank.example' uses ftp; only http and https are supported"),
        (["deposit", "20", "--account", "alice", "--bank", "http://"], "atm: the bank URL 'http://' has no host"),
        (["deposit", "20", "--frobnicate"], "atm: unknown option '--frobnicate'; run 'atm deposit --help' for usage"),
        (["withdraw"], "atm: unknown command 'withdraw'; run 'atm --help' for usage"),
    ])
    func badUsageExits64(arguments: [String], message: String) async throws {
        let run = try await CommandRunner.run("atm", arguments)
        #expect(run == CommandRunner.Run(status: 64, output: "", error: message + "\n"))
    }

    @Test func anUnreachableBankExits69NamingTheURLAndTheCause() async throws {
        let closed = try RefusingLoopbackPort()
        defer { withExtendedLifetime(closed) {} }
        let url = "http://127.0.0.1:\(closed.port)"
        let run = try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", url])
        #expect(run == CommandRunner.Run(status: 69, output: "", error: "atm: cannot reach the bank at \(url): connection refused\n"))
    }

    @Test func atmDevDepositsIntoItsInMemoryBankWithoutABankURL() async throws {
        let run = try await CommandRunner.run("atm-dev", ["deposit", "20", "20", "5"])
        #expect(run == CommandRunner.Run(status: 0, output: """
            Deposited $45.00 into developer.
              bills    20, 20, 5
              balance  $45.00
              deposit  fake-1

            """, error: ""))
    }

    @Test func atmDevSyncsWithItsInMemoryBankWithoutABankURL() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dev-sync-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let journal = folder + "/journal.json"
        // Written as a file, not recorded through a journal: a claim held by this process could
        // outlive its release in a child that another test forks at that moment.
        try #"""
            {"pending":[\#
            {"account":"bob","amount_cents":500,"bank_url":"in-memory bank","bills":[5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"},\#
            {"account":"carol","amount_cents":100,"bank_url":"http://localhost","bills":[1],"idempotency_key":"k-2","recorded_at":"2026-11-22T21:00:00Z"}\#
            ],"version":1}
            """#.write(toFile: journal, atomically: true, encoding: .utf8)
        let run = try await CommandRunner.run("atm-dev", ["sync", "--journal", journal])
        #expect(run == CommandRunner.Run(status: 75, output: """
            2 pending deposits at in-memory bank:
              $5.00 to bob: confirmed, deposit fake-1, balance $5.00
              $1.00 to carol: left pending: it was sent to http://localhost, which atm-dev cannot reach; sync it with the production app

            """, error: ""))
    }

    @Test func atmSaysThatOnlyAtmDevCanSettleADepositItsInMemoryBankWasSent() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dev-left-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let journal = folder + "/journal.json"
        try #"""
            {"pending":[\#
            {"account":"bob","amount_cents":500,"bank_url":"in-memory bank","bills":[5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"}\#
            ],"version":1}
            """#.write(toFile: journal, atomically: true, encoding: .utf8)
        let advice = "left pending: it was made with in-memory bank, which only atm-dev can reach; run 'atm-dev sync' with this journal to settle it"
        let everyBank = try await CommandRunner.run("atm", ["sync", "--journal", journal])
        #expect(everyBank == CommandRunner.Run(status: 75, output: """
            1 pending deposit at in-memory bank:
              $5.00 to bob: \(advice)

            """, error: ""))
        let named = try await CommandRunner.run("atm", ["sync", "--bank", "http://127.0.0.1:9", "--journal", journal])
        #expect(named == CommandRunner.Run(status: 75, output: """
            1 pending deposit at http://127.0.0.1:9:
              $5.00 to bob: \(advice)

            """, error: ""))
        // The advice works.
        let settled = try await CommandRunner.run("atm-dev", ["sync", "--journal", journal])
        #expect(settled == CommandRunner.Run(status: 0, output: """
            1 pending deposit at in-memory bank:
              $5.00 to bob: confirmed, deposit fake-1, balance $5.00

            """, error: ""))
    }

    @Test func atmDevRefusesBadBillsLikeAtm() async throws {
        let run = try await CommandRunner.run("atm-dev", ["deposit", "abc"])
        #expect(run == CommandRunner.Run(status: 65, output: "", error: "atm-dev: 'abc' is not a bill; write a face value such as 20, or 20x2 for two of them\n"))
    }

    @Test func aJournalThatCannotBeOpenedStopsTheDepositBeforeItIsMade() async throws {
        // The journal is opened by a throwing initialiser when the graph is built: the error
        // names the path, and nothing is recorded or sent.
        let folder = FileManager.default.temporaryDirectory.path
        let run = try await CommandRunner.run("atm-dev", ["deposit", "20", "--journal", folder])
        #expect(run == CommandRunner.Run(
            status: 74, output: "",
            error: "atm-dev: the deposit journal \(folder) is a folder, not a file: give --journal the path of a file "
                + "(it is created when needed); the deposit was not sent\n"
        ))
    }

    @Test func bothAppsValidateTheirGraphs() async throws {
        // atm's has one binding more: the NetworkExecutor that BankNetworkModule exposes.
        #expect(try await CommandRunner.run("atm", ["validate"]) == CommandRunner.Run(
            status: 0, output: "The object graph of ATMRootComponent is valid: 14 bindings from 4 modules, every wiring rule checked.\n", error: ""
        ))
        #expect(try await CommandRunner.run("atm-dev", ["validate"]) == CommandRunner.Run(
            status: 0, output: "The object graph of ATMRootComponent is valid: 13 bindings from 4 modules, every wiring rule checked.\n", error: ""
        ))
    }

    @Test func theGraphsShowWhichNetworkEachAppUses() async throws {
        let production = try await CommandRunner.run("atm", ["graph"])
        #expect(production.status == 0)
        // The port names its implementation, every module came from LinkedWiring, the throwing
        // factories say so, and BankNetworkModule exposes the port and keeps the client.
        #expect(production.output.contains(
            "any NetworkExecutor  exposed by BankNetworkModule · BankNetworkModule (linked), BankNetworkWiring/BankNetworkModule.swift:22\n"
        ))
        #expect(production.output.contains(
            "any NetworkExecutor → BankNetworkExecutor  private to BankNetworkModule · BankNetworkModule (linked), BankNetworkWiring/BankNetworkModule.swift:21\n"
        ))
        #expect(production.output.contains(
            "BankNetworkExecutor  shared in Singleton · private to BankNetworkModule · BankNetworkModule (linked), BankNetworkWiring/BankNetworkModule.swift:20\n"
        ))
        #expect(production.output.contains(
            "BankConfiguration  private to BankNetworkModule · throws · BankNetworkModule (linked), BankNetworkWiring/BankNetworkModule.swift:19\n"
        ))
        #expect(production.output.contains("any DepositJournal  throws · ATMLibModule (linked), ATMLibWiring/ATMLibModule.swift:13\n"))
        let development = try await CommandRunner.run("atm-dev", ["graph", "--format", "json"])
        #expect(development.status == 0)
        #expect(development.output.contains("\"module\" : \"FakeNetworkWiring.FakeBankNetworkModule\""))
        #expect(development.output.contains("\"implementation\" : \"FakeNetworkExecutor\""))
    }
}
