import ATMCLI
import ATMLib
import BillScanner
import FakeATMLib
import FakeNetwork
import Foundation
import Network
import Testing

/// `atm sync` of the shared command line, run in-process over a fake bank: what it sends, says
/// and exits with, whatever the bank and the journal do.
struct SyncCommandLineTests {
    @Test func syncCompletesAPendingDepositWithItsOriginalKeyAndTheBankCreditsItOnce() async throws {
        let lost = NetworkError(kind: .connectionLost, message: "lost", mayHaveBeenCredited: true)
        let bank = ["--bank", "http://127.0.0.1:8080"]
        let journal = InMemoryDepositJournal()
        let deposit = await Invocation(["deposit", "20", "--account", "alice"] + bank, script: [.creditThenFail(lost)]).run(journal: journal)
        #expect(deposit.status == .temporaryFailure)
        let sync = await Invocation(["sync"] + bank).run(journal: journal)
        #expect(sync.status == .success)
        #expect(sync.output.hasPrefix("1 pending deposit at http://127.0.0.1:8080:\n  $20.00 to alice: confirmed, deposit fake-1"))
        #expect(try journal.pendingDeposits().isEmpty)
        let again = await Invocation(["sync"] + bank).run(journal: journal)
        #expect(again.output == "Nothing to sync: no deposits are pending.\n")
    }

    @Test func syncExits75WhileTheBankCannotBeReached() async throws {
        let pending = PendingDeposit(idempotencyKey: "k-1", account: "bob", amountCents: 500, bills: [5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z")
        let refused = NetworkError(kind: .connectionRefused, message: "cannot reach the bank at http://127.0.0.1:8080: connection refused", mayHaveBeenCredited: false)
        let run = await Invocation(["sync", "--bank", "http://127.0.0.1:8080"], script: [.fail(refused)]).run(journal: InMemoryDepositJournal(pending: [pending]))
        #expect(run.status == .temporaryFailure)
        #expect(run.output == """
            1 pending deposit at http://127.0.0.1:8080:
              $5.00 to bob: still pending: cannot reach the bank at http://127.0.0.1:8080: connection refused
            Run 'atm sync' again once the bank can be reached.

            """)
        #expect(try run.journal.pendingDeposits() == [pending])
    }

    /// A bank that leaves two deposits in a row unanswered is sent no more in this sync: its
    /// other deposits are reported not attempted and stay pending (75), while another bank's
    /// deposits are still synced.
    @Test func aBankThatStopsAnsweringIsLeftAndAnotherBankIsStillSynced() async throws {
        let deposits = [
            PendingDeposit(idempotencyKey: "k-1", account: "bob", amountCents: 100, bills: [1], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z"),
            PendingDeposit(idempotencyKey: "k-2", account: "bob", amountCents: 200, bills: [2], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z"),
            PendingDeposit(idempotencyKey: "k-3", account: "bob", amountCents: 500, bills: [5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z"),
            PendingDeposit(idempotencyKey: "k-4", account: "carol", amountCents: 1000, bills: [10], bankURL: "http://localhost:9000", recordedAt: "2026-11-22T21:00:00Z"),
        ]
        let silence = NetworkError(kind: .timedOut, message: "the bank at http://127.0.0.1:8080 did not answer within 1 s", mayHaveBeenCredited: true)
        let reason = "the bank did not answer 2 deposits in a row (the bank at http://127.0.0.1:8080 did not answer within 1 s), "
            + "so no more were sent to it; it stays pending"
        let run = await Invocation(["sync"], script: [.fail(silence), .fail(silence)]).run(journal: InMemoryDepositJournal(pending: deposits))
        #expect(run.status == .temporaryFailure)
        #expect(run.output == """
            3 pending deposits at http://127.0.0.1:8080:
              $1.00 to bob: still pending: the bank at http://127.0.0.1:8080 did not answer within 1 s
              $2.00 to bob: still pending: the bank at http://127.0.0.1:8080 did not answer within 1 s
              $5.00 to bob: not attempted: \(reason)
            1 pending deposit at http://localhost:9000:
              $10.00 to carol: confirmed, deposit fake-1, balance $10.00
            Run 'atm sync' again once the bank can be reached.

            """)
        #expect(run.network.calls.map(\.request.idempotencyKey) == ["k-1", "k-2", "k-4"])
        #expect(try run.journal.pendingDeposits() == Array(deposits.prefix(3)))

        let json = await Invocation(["sync", "--json"], script: [.fail(silence), .fail(silence)]).run(journal: InMemoryDepositJournal(pending: deposits))
        #expect(json.status == .temporaryFailure)
        #expect(json.output == """
            {"complete":false,"deposits":[\
            {"account":"bob","amount_cents":100,"idempotency_key":"k-1","message":"the bank at http://127.0.0.1:8080 did not answer within 1 s","status":"pending"},\
            {"account":"bob","amount_cents":200,"idempotency_key":"k-2","message":"the bank at http://127.0.0.1:8080 did not answer within 1 s","status":"pending"},\
            {"account":"bob","amount_cents":500,"idempotency_key":"k-3","message":"\(reason)","status":"not_attempted"},\
            {"account":"carol","amount_cents":1000,"balance_cents":1000,"deposit_id":"fake-1","idempotency_key":"k-4","status":"confirmed"}\
            ]}

            """)
    }

    @Test func syncWithoutABankSendsEachDepositToTheBankItWasSentTo() async throws {
        let deposits = [
            PendingDeposit(idempotencyKey: "k-1", account: "alice", amountCents: 4500, bills: [20, 20, 5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z"),
            PendingDeposit(idempotencyKey: "k-2", account: "bob", amountCents: 100, bills: [1], bankURL: "http://localhost:9000", recordedAt: "2026-11-22T21:05:00Z"),
        ]
        let run = await Invocation(["sync"]).run(journal: InMemoryDepositJournal(pending: deposits))
        #expect(run.status == .success)
        #expect(run.output == """
            1 pending deposit at http://127.0.0.1:8080:
              $45.00 to alice: confirmed, deposit fake-1, balance $45.00
            1 pending deposit at http://localhost:9000:
              $1.00 to bob: confirmed, deposit fake-2, balance $1.00

            """)
        #expect(run.network.calls.map(\.request.idempotencyKey) == ["k-1", "k-2"])
        #expect(try run.journal.pendingDeposits().isEmpty)
    }

    @Test func pendingAndSyncReadNoSettingTheyDoNotUse() async throws {
        let deposit = PendingDeposit(idempotencyKey: "k-1", account: "bob", amountCents: 500, bills: [5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z")
        let unused = ["ATM_ACCOUNT": "not/an/account", "ATM_BANK_URL": "ftp://bank.example", "ATM_CA_FILE": "/nonexistent/ca.pem"]
        let pending = await Invocation(["pending"], environment: unused).run(journal: InMemoryDepositJournal(pending: [deposit]))
        #expect(pending.status == .success)
        #expect(pending.error == "")
        let sync = await Invocation(["sync"], environment: ["ATM_ACCOUNT": "not/an/account"]).run(journal: InMemoryDepositJournal(pending: [deposit]))
        #expect(sync.status == .success)
        #expect(sync.error == "")
        #expect(sync.network.calls.map(\.request.account) == ["bob"])
        // A setting the command does use is still judged.
        let badBank = await Invocation(["sync"], environment: ["ATM_BANK_URL": "ftp://bank.example"]).run()
        #expect(badBank.status == .usage)
        #expect(badBank.error == "atm: the bank URL 'ftp://bank.example' uses ftp; only http and https are supported\n")
    }

    @Test func aJournalThatFailsMidwayMakesSyncSayWhatWasCreditedAndWhatIsLeftAndExit74() async throws {
        let deposits = ["k-1", "k-2", "k-3"].enumerated().map { index, key in
            PendingDeposit(idempotencyKey: key, account: "bob", amountCents: 100 * (index + 1), bills: [index + 1], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z")
        }
        let full = JournalError(kind: .inputOutput, message: "cannot write the deposit journal /j: No space left on device")
        let stopped = "atm: cannot write the deposit journal /j: No space left on device; the sync stopped there: run 'atm sync' again once the journal can be written\n"
        let journal = InMemoryDepositJournal(pending: deposits)
        journal.failRemovals(with: full, after: 1)
        let run = await Invocation(["sync"]).run(journal: journal)
        #expect(run.status == .ioError)
        #expect(run.output == """
            3 pending deposits at http://127.0.0.1:8080:
              $1.00 to bob: confirmed, deposit fake-1, balance $1.00
              $2.00 to bob: credited (deposit fake-2, balance $3.00), but the journal still lists it: a sync replays it, and the bank answers with the same credit
              $3.00 to bob: not sent: the journal failed; it stays pending
            The journal failed, so the sync stopped: the bank credited 2 deposits ($3.00); the journal still lists 2 deposits ($5.00).

            """)
        #expect(run.error == stopped)
        #expect(run.network.calls.map(\.request.idempotencyKey) == ["k-1", "k-2"])

        let again = InMemoryDepositJournal(pending: deposits)
        again.failRemovals(with: full, after: 1)
        let json = await Invocation(["sync", "--json"]).run(journal: again)
        #expect(json.status == .ioError)
        #expect(json.output == """
            {"complete":false,"deposits":[\
            {"account":"bob","amount_cents":100,"balance_cents":100,"deposit_id":"fake-1","idempotency_key":"k-1","status":"confirmed"},\
            {"account":"bob","amount_cents":200,"balance_cents":300,"deposit_id":"fake-2","idempotency_key":"k-2",\
            "message":"the journal still lists it: cannot write the deposit journal /j: No space left on device","status":"credited_still_listed"},\
            {"account":"bob","amount_cents":300,"idempotency_key":"k-3","message":"the journal failed; it stays pending","status":"not_sent"}\
            ],"still_listed":["k-2","k-3"]}

            """)
        #expect(json.error == stopped)
    }

    /// A bank URL recorded with slashes and spaces at its end (an older or edited journal) is
    /// grouped and synced as its bank's: it was grouped under one form and looked up under
    /// another, and the sync said "Nothing to sync" and exited 0 with the deposit still listed.
    @Test func aDepositRecordedWithSlashesAndSpacesAfterItsBankIsSynced() async throws {
        let deposit = PendingDeposit(idempotencyKey: "k-1", account: "bob", amountCents: 500, bills: [5], bankURL: "http://127.0.0.1:8080/ /", recordedAt: "2026-11-22T21:00:00Z")
        let journal = InMemoryDepositJournal(pending: [deposit])
        let run = await Invocation(["sync"]).run(journal: journal)
        #expect(run.status == .success)
        #expect(run.output == """
            1 pending deposit at http://127.0.0.1:8080:
              $5.00 to bob: confirmed, deposit fake-1, balance $5.00

            """)
        #expect(try journal.pendingDeposits().isEmpty)
    }

    /// A confirmed deposit taken out of the journal where the disk could not make that durable:
    /// a crash may bring it back, so the sync says so, stops and exits 74, as for a journal that
    /// could not drop it.
    @Test func aSyncWhoseRemovalIsNotDurableSaysSoAndExits74() async throws {
        let deposit = PendingDeposit(idempotencyKey: "k-1", account: "bob", amountCents: 500, bills: [5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z")
        let notDurable = JournalError(kind: .leftUnsent, message: "cannot sync the folder of the deposit journal /j: Input/output error, "
            + "so the journal may list the deposit again after a crash")
        for json in [false, true] {
            let journal = InMemoryDepositJournal(pending: [deposit])
            journal.failDurability(with: notDurable)
            let run = await Invocation(["sync"] + (json ? ["--json"] : [])).run(journal: journal)
            #expect(run.status == .ioError)
            #expect(run.output == (json ? """
                {"complete":false,"deposits":[{"account":"bob","amount_cents":500,"balance_cents":500,"deposit_id":"fake-1","idempotency_key":"k-1",\
                "message":"taking it out of the journal could not be made durable: \(notDurable.message)","status":"credited_not_durably_removed"}],\
                "still_listed":[]}

                """ : """
                1 pending deposit at http://127.0.0.1:8080:
                  $5.00 to bob: credited (deposit fake-1, balance $5.00), but taking it out of the journal could not be made durable: \
                should the journal list it again, a sync replays it, and the bank answers with the same credit
                The journal failed, so the sync stopped: the bank credited 1 deposit ($5.00); the journal still lists 0 deposits ($0.00).

                """))
            #expect(run.error == "atm: \(notDurable.message); the sync stopped there: run 'atm sync' again once the journal can be written\n")
            #expect(try journal.pendingDeposits().isEmpty)
        }
    }

    @Test func aJournalWhoseClaimsCannotBeWrittenNeverMakesSyncSayNothingIsPending() async throws {
        let deposit = PendingDeposit(idempotencyKey: "k-1", account: "bob", amountCents: 500, bills: [5], bankURL: "http://127.0.0.1:8080", recordedAt: "2026-11-22T21:00:00Z")
        let readOnly = JournalError(kind: .inputOutput, message: "cannot claim a deposit in the deposit journal /j: Permission denied")
        let stopped = "atm: cannot claim a deposit in the deposit journal /j: Permission denied; the sync stopped there: run 'atm sync' again once the journal can be written\n"
        for arguments in [["sync"], ["sync", "--bank", "http://127.0.0.1:8080"]] {
            let journal = InMemoryDepositJournal(pending: [deposit])
            journal.failClaims(with: readOnly)
            let run = await Invocation(arguments).run(journal: journal)
            #expect(run.status == .ioError)
            #expect(run.output == """
                1 pending deposit at http://127.0.0.1:8080:
                  $5.00 to bob: not sent: the journal failed; it stays pending
                The journal failed, so the sync stopped: the bank credited 0 deposits ($0.00); the journal still lists 1 deposit ($5.00).

                """)
            #expect(run.error == stopped)
            #expect(run.network.calls.isEmpty)
        }
        let journal = InMemoryDepositJournal(pending: [deposit])
        journal.failClaims(with: readOnly)
        let json = await Invocation(["sync", "--json"]).run(journal: journal)
        #expect(json.status == .ioError)
        #expect(json.output == """
            {"complete":false,"deposits":[{"account":"bob","amount_cents":500,"idempotency_key":"k-1","message":"the journal failed; it stays pending","status":"not_sent"}],"still_listed":["k-1"]}

            """)
    }

    @Test func aJournalThatCannotBeReadMakesSyncClaimNothing() async throws {
        let unreadable = JournalError(kind: .inputOutput, message: "cannot read the deposit journal /j: Input/output error")
        let journal = InMemoryDepositJournal()
        journal.fail(with: unreadable)
        let text = await Invocation(["sync", "--bank", "http://127.0.0.1:8080"]).run(journal: journal)
        #expect(text.status == .ioError)
        #expect(text.output == "")
        let json = await Invocation(["sync", "--bank", "http://127.0.0.1:8080", "--json"]).run(journal: journal)
        #expect(json.status == .ioError)
        #expect(json.output == "{\"complete\":false,\"deposits\":[]}\n")
        #expect(json.error == "atm: cannot read the deposit journal /j: Input/output error; the sync stopped there: run 'atm sync' again once the journal can be written\n")
    }

    @Test func syncWithoutABankAndNothingPendingExits0() async throws {
        let run = await Invocation(["sync"]).run()
        #expect(run.status == .success)
        #expect(run.output == "Nothing to sync: no deposits are pending.\n")
    }
}
