import ATMTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every exit status of the built apps tells the truth about the deposit, run as a user would
/// meet the faults: a sync that starts while a deposit is on the wire, an output stream that
/// cannot be written, journals in odd places, a lock whose holder is stuck, odd input.
@Suite(.serialized)
struct ExitStatusTests {
    // MARK: - A deposit and a sync at the same time

    @Test func aSyncThatReadsTheJournalWhileADepositIsOnTheWireNeverSendsItSoTheDepositsRefusalIsTrue() async throws {
        let gate = ScriptedHTTPServer.Gate()
        let unavailable = ScriptedHTTPServer.Step.status(429, body: #"{"error":"too many requests"}"#)
        let server = try ScriptedHTTPServer(script: [.holdUntilOpened(gate, then: unavailable), unavailable, unavailable])
        defer { server.stop() }
        let journal = try Self.journalPath()
        // The held attempt must not time out: a timed-out attempt may have been credited.
        let flags = ["--journal", journal, "--timeout", "50", "--connect-timeout", "10"]
        let deposit = Task { try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", server.baseURL] + flags) }
        // The deposit's first request is at the bank: it is recorded and claimed.
        #expect(await gate.arrival())

        let sync = try await CommandRunner.run("atm", ["sync"] + flags)
        #expect(sync == CommandRunner.Run(status: 75, output: """
            1 pending deposit at \(server.baseURL):
              $20.00 to alice: still pending: another process is sending it now
            Run 'atm sync' again once the bank can be reached.

            """, error: ""))

        gate.open()
        let refused = try await deposit.value
        #expect(refused == CommandRunner.Run(
            status: 69, output: "",
            error: "atm: the bank at \(server.baseURL) did not take the deposit now: HTTP 429: too many requests\n"
        ))
        let keys = Set(server.requests.compactMap { $0.header("Idempotency-Key") })
        #expect(keys.count == 1 && server.requests.count == 3, "the bank saw \(server.requests.count) requests with keys \(keys)")
        #expect(try await CommandRunner.run("atm", ["pending", "--journal", journal]).output == "No deposits pending in \(journal).\n")
    }

    // MARK: - Text from the bank

    @Test func aDepositIDThatForgesLinesIsPrintedEscapedAndTheTokenNeverAppears() async throws {
        let forged = #"tok-SECRET\u001b[2J\nDeposited $9999.00 into mallory.\u0000"#
        let reply = #"{"deposit_id":"\#(forged)","account":"alice","amount_cents":2000,"balance_cents":2000}"#
        let server = try ScriptedHTTPServer(script: [.status(201, headers: ["Content-Type: application/json"], body: reply)])
        defer { server.stop() }
        let run = try await CommandRunner.run(
            "atm", ["deposit", "20", "--account", "alice", "--bank", server.baseURL, "--journal", try Self.journalPath()],
            environment: ["ATM_BANK_TOKEN": "tok-SECRET"]
        )
        #expect(run == CommandRunner.Run(status: 0, output: """
            Deposited $20.00 into alice.
              bills    20
              balance  $20.00
              deposit  <redacted>\\u{1B}[2J\\u{0A}Deposited $9999.00 into mallory.\\u{00}

            """, error: ""))
    }

    @Test func aBankURLWrittenInCapitalsIsTheSameBankForSync() async throws {
        let journal = try Self.journalPath()
        let entry = #"{"account":"alice","amount_cents":500,"bank_url":"HTTP://127.0.0.1:9/","bills":[5],"idempotency_key":"k1","recorded_at":"t"}"#
        try #"{"pending":[\#(entry)],"version":1}"#.write(toFile: journal, atomically: true, encoding: .utf8)
        let run = try await CommandRunner.run("atm", ["sync", "--journal", journal, "--bank", "http://127.0.0.1:9", "--timeout", "1"])
        #expect(run.status == 75)
        #expect(run.output.hasPrefix("1 pending deposit at http://127.0.0.1:9:\n  $5.00 to alice: still pending: cannot reach the bank at http://127.0.0.1:9"), "\(run)")
    }

    @Test func aSyncWhoseJournalNamesAnUnusableBankStillReportsWhatItConfirmedElsewhere() async throws {
        let bank = try await BankSimulator.start(accounts: ["alice": 0])
        defer { bank.stop() }
        let journal = try Self.journalPath()
        let good = #"{"account":"alice","amount_cents":500,"bank_url":"\#(bank.baseURL)","bills":[5],"idempotency_key":"k1","recorded_at":"t"}"#
        let bad = #"{"account":"bob","amount_cents":100,"bank_url":"ftp://bank.example","bills":[1],"idempotency_key":"k2","recorded_at":"t"}"#
        try #"{"pending":[\#(good),\#(bad)],"version":1}"#.write(toFile: journal, atomically: true, encoding: .utf8)

        let run = try await CommandRunner.run("atm", ["sync", "--journal", journal])
        #expect(run == CommandRunner.Run(status: 75, output: """
            1 pending deposit at \(bank.baseURL):
              $5.00 to alice: confirmed, deposit dep-000001, balance $5.00
            1 pending deposit at ftp://bank.example:
              $1.00 to bob: still pending: the bank URL 'ftp://bank.example' uses ftp; only http and https are supported
            Run 'atm sync' again once the bank can be reached.

            """, error: ""))
        #expect(try bank.ledger().balance(of: "alice") == 500)
    }

    // MARK: - Output that cannot be written

    @Test(arguments: [
        (CommandRunner.Stream.file("/dev/full"), "No space left on device"),
        (.closed, "Bad file descriptor"),
        (.brokenPipe, "Broken pipe"),
    ])
    func aReceiptThatCannotBeWrittenExits73AndSaysTheDepositWasCredited(output: CommandRunner.Stream, reason: String) async throws {
        let run = try await CommandRunner.run("atm-dev", ["deposit", "20", "20", "--journal", try Self.journalPath()], output: output)
        #expect(run.status == 73)
        #expect(run.error == "atm-dev: the deposit of $40.00 into developer was credited (deposit fake-1, balance $40.00), "
            + "but its receipt could not be written to standard output: \(reason)\n")
    }

    @Test func anyCommandThatCannotWriteItsOutputExits73() async throws {
        let run = try await CommandRunner.run("atm-dev", ["pending", "--journal", try Self.journalPath()], output: .file("/dev/full"))
        #expect(run == CommandRunner.Run(status: 73, output: "", error: "atm-dev: cannot write to standard output: No space left on device\n"))
    }

    /// A command that failed keeps its status when its report cannot be written either, and
    /// standard error says the report was lost.
    @Test func aFailedSyncWhoseReportCannotBeWrittenKeepsItsStatusAndSaysSo() async throws {
        let journal = try Self.journalPath()
        try #"{"pending":[{"account":"bob","amount_cents":500,"bank_url":"http://127.0.0.1:1","bills":[5],"idempotency_key":"k-1","recorded_at":"2026-11-22T21:00:00Z"}],"version":1}"#
            .write(toFile: journal, atomically: true, encoding: .utf8)
        let run = try await CommandRunner.run("atm", ["sync", "--journal", journal, "--connect-timeout", "1", "--timeout", "2"], output: .file("/dev/full"))
        #expect(run == CommandRunner.Run(
            status: 75, output: "", error: "atm: cannot write to standard output: No space left on device; its report is lost, and its exit status is 75\n"
        ))
    }

    @Test func anErrorThatCannotBeWrittenKeepsItsExitStatus() async throws {
        let bills = try await CommandRunner.run("atm-dev", ["deposit", "abc"], error: .file("/dev/full"))
        #expect(bills == CommandRunner.Run(status: 65, output: "", error: ""))
        let usage = try await CommandRunner.run("atm", ["nonsense"], output: .closed, error: .closed)
        #expect(usage == CommandRunner.Run(status: 64, output: "", error: ""))
    }

    // MARK: - Journals in odd places

    @Test func aJournalThatIsAFolderIsRefusedByName() async throws {
        let run = try await CommandRunner.run("atm", ["pending", "--journal", "."])
        #expect(run == CommandRunner.Run(
            status: 74, output: "",
            error: "atm: the deposit journal . is a folder, not a file: give --journal the path of a file (it is created when needed)\n"
        ))
    }

    @Test func aJournalWhoseAmountsWouldOverflowIsCorruptNotACrash() async throws {
        let journal = try Self.journalPath()
        let entry = #"{"account":"a","amount_cents":9223372036854775807,"bank_url":"http://127.0.0.1:9","bills":[20],"idempotency_key":"KEY","recorded_at":"t"}"#
        try #"{"pending":[\#(entry.replacingOccurrences(of: "KEY", with: "k1")),\#(entry.replacingOccurrences(of: "KEY", with: "k2"))],"version":1}"#
            .write(toFile: journal, atomically: true, encoding: .utf8)
        let run = try await CommandRunner.run("atm", ["pending", "--journal", journal])
        #expect(run == CommandRunner.Run(
            status: 74, output: "",
            error: "atm: the deposit journal \(journal) is corrupt (the deposit \"k1\" has an amount of 9223372036854775807 cents, outside 1 to 250000); "
                + "it was left as it is: move it aside to start a new journal, and reconcile the deposits it lists with the bank\n"
        ))
    }

    /// `pending` showed `$1.00 to a (bills 20)` and a sync would have sent 100 cents: an amount
    /// that is not the sum of its bills is a journal this ATM never wrote.
    @Test func aJournalWhoseAmountIsNotTheSumOfItsBillsIsCorruptAndNothingIsSent() async throws {
        let server = try ScriptedHTTPServer(script: [])
        defer { server.stop() }
        let journal = try Self.journalPath()
        let contents = #"{"pending":[{"account":"a","amount_cents":100,"bank_url":"\#(server.baseURL)","bills":[20],"idempotency_key":"k1","recorded_at":"t"}],"version":1}"#
        try contents.write(toFile: journal, atomically: true, encoding: .utf8)
        let corrupt = "atm: the deposit journal \(journal) is corrupt (the deposit \"k1\" has an amount of 100 cents, but its bills add up to 2000 cents); "
            + "it was left as it is: move it aside to start a new journal, and reconcile the deposits it lists with the bank\n"
        let pending = try await CommandRunner.run("atm", ["pending", "--journal", journal])
        #expect(pending == CommandRunner.Run(status: 74, output: "", error: corrupt))
        let sync = try await CommandRunner.run("atm", ["sync", "--journal", journal])
        #expect(sync == CommandRunner.Run(status: 74, output: "", error: corrupt))
        #expect(server.requests.isEmpty)
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == contents)
    }

    @Test func aJournalLockedByAStuckProcessIsReportedWithinTheBoundAndNothingIsSent() async throws {
        let journal = try Self.journalPath()
        let holder = open(journal + ".lock", O_RDWR | O_CREAT, 0o600)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        // What an older `atm` wrote there: a process that is gone. It is not the one named.
        _ = Array("4242\n".utf8).withUnsafeBytes { pwrite(holder, $0.baseAddress, $0.count, 0) }
        let name = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)

        let run = try await CommandRunner.run("atm-dev", ["deposit", "5", "--journal", journal])
        #expect(run == CommandRunner.Run(
            status: 74, output: "",
            error: "atm-dev: the deposit journal \(journal) is locked by process \(getpid()) (\(name)), which has held it for more than 5 seconds; "
                + "let it finish, or stop it, then try again; the deposit was not sent\n"
        ))
    }

    @Test func anAccountWithANewlineIsRefusedOnOneLine() async throws {
        let run = try await CommandRunner.run("atm", ["deposit", "20", "--account", "al\nice", "--bank", "http://127.0.0.1:9"])
        #expect(run == CommandRunner.Run(
            status: 64, output: "",
            error: "atm: the account 'al\\u{0A}ice' is not valid: use 1 to 64 letters, digits, '.', '_' or '-' (but not '.' or '..' alone)\n"
        ))
    }

    // MARK: - Helpers

    static func journalPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atm-exit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/journal.json"
    }
}
