import ATMCLI
import ATMLib
import BillScanner
import FakeATMLib
import FakeNetwork
import Foundation
import Network
import Testing

/// The shared command line, run in-process over a fake bank: output, errors and exit statuses.
struct CommandLineTests {
    @Test func aDepositPrintsTheReceipt() async throws {
        let run = await Invocation(["deposit", "20", "20", "5", "--account", "alice", "--bank", "http://127.0.0.1:8080"]).run()
        #expect(run.status == .success)
        #expect(run.output == """
            Deposited $45.00 into alice.
              bills    20, 20, 5
              balance  $45.00
              deposit  fake-1

            """)
        #expect(run.error == "")
    }

    /// The bank credited it, so the exit status is 0; standard error says that the journal
    /// still lists it and what settles it, in text and in JSON alike.
    @Test(arguments: [false, true])
    func aDepositCreditedWhoseJournalCannotDropItSaysSoAndExits0(json: Bool) async throws {
        let journal = InMemoryDepositJournal()
        journal.failRemovals(with: JournalError(kind: .inputOutput, message: "cannot write the deposit journal /j: No space left on device"))
        let run = await Invocation(["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:8080"] + (json ? ["--json"] : [])).run(journal: journal)
        #expect(run.status == .success)
        #expect(run.output.hasPrefix(json ? #"{"account":"alice","amount_cents":2000,"# : "Deposited $20.00 into alice.\n"))
        #expect(run.error == "atm: the deposit was credited, but the journal still lists it: cannot write the deposit journal /j: "
            + "No space left on device; 'atm sync' settles it, and the bank answers with the same credit\n")
        #expect(try journal.pendingDeposits().count == 1)
    }

    /// The same when the deposit left the journal but not durably: a crash could bring it back.
    @Test func aDepositCreditedWhoseRemovalIsNotDurableSaysSoAndExits0() async throws {
        let journal = InMemoryDepositJournal()
        journal.failDurability(with: JournalError(kind: .leftUnsent, message: "cannot sync the folder of the deposit journal /j: "
            + "Input/output error, so the journal may list the deposit again after a crash"))
        let run = await Invocation(["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:8080"]).run(journal: journal)
        #expect(run.status == .success)
        #expect(run.error == "atm: the deposit was credited, but taking it out of the journal could not be made durable: cannot sync "
            + "the folder of the deposit journal /j: Input/output error, so the journal may list the deposit again after a crash; "
            + "'atm sync' settles it, and the bank answers with the same credit\n")
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func billsCanBeWrittenWithACount() async throws {
        let run = await Invocation(["deposit", "20x2", "5", "--account=alice", "--bank=http://127.0.0.1:8080"]).run()
        #expect(run.status == .success)
        #expect(run.network.calls.map(\.request.amountCents) == [4500])
    }

    @Test func theAccountAndBankCanComeFromTheEnvironment() async throws {
        let environment = ["ATM_ACCOUNT": "bob", "ATM_BANK_URL": "http://127.0.0.1:8080"]
        let run = await Invocation(["deposit", "100"], environment: environment).run()
        #expect(run.status == .success)
        #expect(run.network.calls.map(\.request.account) == ["bob"])
    }

    @Test func aFlagWinsOverTheEnvironment() async throws {
        let environment = ["ATM_ACCOUNT": "bob", "ATM_BANK_URL": "http://127.0.0.1:8080"]
        let run = await Invocation(["deposit", "100", "--account", "carol"], environment: environment).run()
        #expect(run.network.calls.map(\.request.account) == ["carol"])
    }

    @Test func jsonOutputIsOneLineWithTheReceiptsFields() async throws {
        let run = await Invocation(["deposit", "50", "1", "--json", "--account", "alice", "--bank", "http://127.0.0.1:8080"]).run()
        #expect(run.status == .success)
        let key = try #require(run.network.calls.first?.request.idempotencyKey)
        #expect(run.output == """
            {"account":"alice","amount_cents":5100,"balance_cents":5100,"bills":[50,1],"deposit_id":"fake-1","idempotency_key":"\(key)","status":"confirmed"}

            """)
    }

    @Test(arguments: [
        (["abc"], "atm: 'abc' is not a bill; write a face value such as 20, or 20x2 for two of them"),
        (["0"], "atm: 0 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        (["-5"], "atm: -5 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        (["3"], "atm: 3 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        (["20x0"], "atm: '20x0' holds no notes; give a count of 1 or more, such as 20x2"),
        (["20x"], "atm: '20x' is not a bill; write a face value such as 20, or 20x2 for two of them"),
        (["x2"], "atm: 'x2' is not a bill; write a face value such as 20, or 20x2 for two of them"),
        ([], "atm: no bills to deposit; give at least one bill, such as 20"),
        (["1x51"], "atm: 51 notes is more than the 50 notes one deposit accepts"),
        (["1x30", "1x21"], "atm: 51 notes is more than the 50 notes one deposit accepts"),
        (["20x99999999999999999999"], "atm: 99999999999999999999 notes is more than the 50 notes one deposit accepts"),
        (["100x25", "1"], "atm: $2,501.00 is more than the $2,500.00 one deposit accepts"),
    ])
    func badBillsExit65WithOneLineAndNothingReachesTheBank(bills: [String], message: String) async throws {
        let run = await Invocation(["deposit"] + bills + ["--account", "alice", "--bank", "http://127.0.0.1:8080"]).run()
        #expect(run.status == .dataError)
        #expect(run.error == message + "\n")
        #expect(run.output == "")
        #expect(run.network.calls.isEmpty)
    }

    @Test(arguments: [
        (["3"], "atm: 3 is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100"),
        (["abc", "--account", "alice"], "atm: 'abc' is not a bill; write a face value such as 20, or 20x2 for two of them"),
        (["100x26", "--bank", "http://127.0.0.1:8080"], "atm: $2,600.00 is more than the $2,500.00 one deposit accepts"),
        (["--bank", "ftp://bank.example"], "atm: no bills to deposit; give at least one bill, such as 20"),
    ])
    func badBillsExit65EvenWhenTheAccountOrBankIsMissingOrWrong(arguments: [String], message: String) async throws {
        let run = await Invocation(["deposit"] + arguments).run()
        #expect(run.status == .dataError)
        #expect(run.error == message + "\n")
        #expect(run.network.calls.isEmpty)
    }

    @Test(arguments: [
        (["deposit", "20", "--bank", "http://127.0.0.1:8080"], "atm: no account to credit; pass --account ID or set ATM_ACCOUNT"),
        (["deposit", "20", "--account", "alice"], "atm: no bank URL; pass --bank URL or set ATM_BANK_URL"),
        (["deposit", "20", "--account", "alice", "--bank"], "atm: --bank needs a value; run 'atm deposit --help' for usage"),
        (["deposit", "20", "--bogus"], "atm: unknown option '--bogus'; run 'atm deposit --help' for usage"),
        (["deposit", "20", "--json=yes"], "atm: unknown option '--json=yes'; run 'atm deposit --help' for usage"),
        (["deposit", "20", "--account", "alice", "--bank", "ftp://bank.example"], "atm: the bank URL 'ftp://bank.example' uses ftp; only http and https are supported"),
        (["deposit", "20", "--account", "alice", "--bank", "file:///etc/passwd"], "atm: the bank URL 'file:///etc/passwd' uses file; only http and https are supported"),
        (["deposit", "20", "--account", "alice", "--bank", "http://bank.example"], "atm: the bank URL 'http://bank.example' uses plain http to bank.example, which is not a loopback host; use https, or allow insecure http explicitly"),
        (["deposit", "20", "--account", "alice", "--bank", "not a url"], "atm: the bank URL 'not a url' is not a valid URL: write it as http://host:port or https://host"),
        (["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:65536"], "atm: the bank URL 'http://127.0.0.1:65536' has the port 65536; a port is 1 to 65535"),
        (["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:0"], "atm: the bank URL 'http://127.0.0.1:0' has the port 0; a port is 1 to 65535"),
        (["deposit", "20", "--account", "a/b", "--bank", "http://127.0.0.1:8080"], "atm: the account 'a/b' is not valid: use 1 to 64 letters, digits, '.', '_' or '-' (but not '.' or '..' alone)"),
        (["deposit", "20", "--timeout", "soon"], "atm: --timeout takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not 'soon'"),
        (["deposit", "20", "--timeout", "86401"], "atm: --timeout takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not '86401'"),
        (["deposit", "20", "--timeout", "0.0001"], "atm: --timeout takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not '0.0001'"),
        (["deposit", "20", "--timeout", "0"], "atm: --timeout takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not '0'"),
        (["deposit", "20", "--connect-timeout", "3600.5"], "atm: --connect-timeout takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not '3600.5'"),
        (["deposit", "20", "--connect-timeout", "0.000"], "atm: --connect-timeout takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not '0.000'"),
        (["sync", "--account", "alice"], "atm: sync takes no --account: each pending deposit goes to the account it was made for"),
        (["withdraw", "20"], "atm: unknown command 'withdraw'; run 'atm --help' for usage"),
        ([], "atm: missing command; run 'atm --help' for usage"),
    ])
    func badUsageExits64WithOneLineAndNothingReachesTheBank(arguments: [String], message: String) async throws {
        let run = await Invocation(arguments).run()
        #expect(run.status == .usage)
        #expect(run.error == message + "\n")
        #expect(run.network.calls.isEmpty)
    }

    @Test func anUnreachableBankExits69NamingTheURLAndTheCause() async throws {
        let refused = NetworkError(kind: .connectionRefused, message: "cannot reach the bank at http://127.0.0.1:9: connection refused", mayHaveBeenCredited: false)
        let run = await Invocation(["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:9"], script: [.fail(refused)]).run()
        #expect(run.status == .unavailable)
        #expect(run.error == "atm: cannot reach the bank at http://127.0.0.1:9: connection refused\n")
    }

    @Test func aDepositWhoseOutcomeIsUnknownExits75AndStaysPending() async throws {
        let lost = NetworkError(kind: .connectionLost, message: "the connection to the bank at http://127.0.0.1:8080 closed before its reply was complete", mayHaveBeenCredited: true)
        let run = await Invocation(["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:8080"], script: [.creditThenFail(lost)]).run()
        #expect(run.status == .temporaryFailure)
        #expect(run.error == "atm: the deposit of $20.00 to alice is pending: the connection to the bank at http://127.0.0.1:8080 closed before its reply was complete; it is kept in the journal memory: run 'atm sync' to complete it\n")
        let pending = try run.journal.pendingDeposits()
        #expect(pending.map(\.amountCents) == [2000])
        #expect(pending.map(\.idempotencyKey) == run.network.calls.map(\.request.idempotencyKey))
    }

    @Test func aBankThatIsBusyExits69AndTheDepositLeavesTheJournal() async throws {
        let busy = NetworkError(kind: .httpStatus, message: "the bank at http://127.0.0.1:8080 did not take the deposit now: HTTP 429: slow down", statusCode: 429, bankMessage: "slow down", mayHaveBeenCredited: false)
        let run = await Invocation(["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:8080"], script: [.fail(busy)]).run()
        #expect(run.status == .unavailable)
        #expect(run.error == "atm: the bank at http://127.0.0.1:8080 did not take the deposit now: HTTP 429: slow down\n")
        #expect(try run.journal.pendingDeposits().isEmpty)
    }

    @Test func pendingListsTheDepositsWithTheirAmounts() async throws {
        let deposits = [
            PendingDeposit(idempotencyKey: "k-1", account: "alice", amountCents: 4500, bills: [20, 20, 5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z"),
            PendingDeposit(idempotencyKey: "k-2", account: "bob", amountCents: 100, bills: [1], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:05:00Z"),
        ]
        let run = await Invocation(["pending"]).run(journal: InMemoryDepositJournal(pending: deposits))
        #expect(run.status == .success)
        #expect(run.output == """
            2 deposits pending in memory:
              $45.00 to alice (bills 20, 20, 5), recorded 2026-11-22T21:00:00Z, key k-1
              $1.00 to bob (bills 1), recorded 2026-11-22T21:05:00Z, key k-2
            Total $46.00. Run 'atm sync' to complete them.

            """)
        #expect(await Invocation(["pending"]).run().output == "No deposits pending in memory.\n")
    }

    @Test func aJournalThatCannotBeWrittenExits74AndNothingIsSent() async throws {
        let journal = InMemoryDepositJournal()
        journal.fail(with: JournalError(kind: .inputOutput, message: "cannot write the deposit journal /x: Read-only file system"))
        let run = await Invocation(["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:8080"]).run(journal: journal)
        #expect(run.status == .ioError)
        #expect(run.error == "atm: cannot write the deposit journal /x: Read-only file system; the deposit was not sent\n")
        #expect(run.network.calls.isEmpty)
    }

    @Test func aDepositTheBankRejectsExits65AndRefusedCredentialsExit77() async throws {
        let conflict = NetworkError(kind: .httpStatus, message: "the bank at http://127.0.0.1:8080 refused the deposit: HTTP 409: key reused", statusCode: 409, bankMessage: "key reused", mayHaveBeenCredited: false)
        let unauthorized = NetworkError(kind: .httpStatus, message: "the bank at http://127.0.0.1:8080 refused the deposit: HTTP 401: missing token", statusCode: 401, bankMessage: "missing token", mayHaveBeenCredited: false)
        let arguments = ["deposit", "20", "--account", "alice", "--bank", "http://127.0.0.1:8080"]
        #expect(await Invocation(arguments, script: [.fail(conflict)]).run().status == .dataError)
        #expect(await Invocation(arguments, script: [.fail(unauthorized)]).run().status == .permissionDenied)
    }

    @Test func graphPrintsTheGraphInTheAskedFormat() async throws {
        #expect(await Invocation(["graph"]).run().output == "graph as text\n")
        #expect(await Invocation(["graph", "--format", "dot"]).run().output == "graph as dot\n")
        #expect(await Invocation(["graph", "--format=mermaid"]).run().output == "graph as mermaid\n")
        let unknown = await Invocation(["graph", "--format", "yaml"]).run()
        #expect(unknown.status == .usage)
        #expect(unknown.error == "atm: unknown graph format 'yaml'; use text, dot, mermaid, json\n")
        #expect(await Invocation(["graph", "--format"]).run().status == .usage)
    }

    @Test func validateExits0WhenTheGraphIsValidAnd65WhenNot() async throws {
        let valid = await Invocation(["validate"]).run()
        #expect(valid.status == .success)
        #expect(valid.output == "valid\n")
        let invalid = await Invocation(["validate"], graphIsValid: false).run()
        #expect(invalid.status == .dataError)
        #expect(invalid.output == "error: missing binding\n")
        #expect(await Invocation(["graph"], graphIsValid: false).run().status == .dataError)
        #expect(await Invocation(["validate", "--strict"]).run().status == .usage)
    }

    @Test func helpIsPrintedToStandardOutput() async throws {
        let general = await Invocation(["--help"]).run()
        #expect(general.status == .success)
        #expect(general.output.hasPrefix("usage: atm <command> [options]\n"))
        let deposit = await Invocation(["deposit", "--help"]).run()
        #expect(deposit.status == .success)
        #expect(deposit.output.hasPrefix("usage: atm deposit <bills>... [--account ID] [--bank URL] [--json]\n"))
        #expect(await Invocation(["help", "deposit"]).run().output == deposit.output)
    }
}
