import ATMLib
import FakeNetwork
import Foundation
import Network
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A sync whose journal fails once it has begun stops there, and its report says what the bank
/// credited, which of those the journal still lists, and what was not sent.
struct DepositSynchronizerTests {
    @Test func aJournalThatFailsMidwayStopsTheSyncAndTheReportSaysWhatWasDone() async throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let setUp = FileDepositJournal(location: JournalLocation(path: path))
        for key in ["k-1", "k-2", "k-3"] {
            try setUp.record(FileDepositJournalTests.deposit(key)).release()
        }
        // The first removal's rename succeeds; every later one fails, as a disk that fills up.
        let renames = Atomic(0)
        let posix = JournalSystemCalls.posix
        let failing = JournalSystemCalls(
            write: posix.write, fsyncFile: posix.fsyncFile,
            rename: { from, to in
                guard renames.add(1, ordering: .relaxed).newValue >= 2 else { return posix.rename(from, to) }
                errno = EIO
                return -1
            },
            fsyncFolder: posix.fsyncFolder
        )
        // One deposit per change of the journal, so that the failure falls between two deposits.
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: failing, settlementBatchLimit: 1)
        let network = FakeNetworkExecutor()
        let configuration = ATMConfiguration(account: "alice", bank: "http://127.0.0.1:8080", journal: JournalLocation(path: path))

        let report = try await DepositSynchronizer(network: network, configuration: configuration, journal: journal).sync()

        let failure = JournalError(kind: .inputOutput, message: "cannot replace the deposit journal \(path): Input/output error")
        let credited = network.calls.filter(\.credited).map(\.request.idempotencyKey)
        #expect(credited == ["k-1", "k-2"])
        #expect(report.journalFailure == failure)
        #expect(report.outcomes.map(\.deposit.idempotencyKey) == ["k-1", "k-2", "k-3"])
        guard report.outcomes.count == 3, case .confirmed = report.outcomes[0].result,
              case .creditedButListed(_, failure) = report.outcomes[1].result else {
            Issue.record("outcomes \(report.outcomes.map(\.result))")
            return
        }
        #expect(report.outcomes[2].result == .notSent)
        #expect(!report.isComplete)
        #expect(try journal.pendingDeposits().map(\.idempotencyKey) == ["k-2", "k-3"])
    }

    @Test func aSyncOfManyDepositsRewritesTheJournalAFewTimesNotOncePerDeposit() async throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let count = 1_000
        // Written in one go, as a full journal would be found.
        let deposits = (1...count).map { FileDepositJournalTests.deposit("k-\($0)") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        struct Document: Encodable { let version: Int; let pending: [PendingDeposit] }
        let initial = try encoder.encode(Document(version: 1, pending: deposits))
        try initial.write(to: URL(fileURLWithPath: path))

        let renames = Atomic(0)
        let written = Atomic(0)
        let posix = JournalSystemCalls.posix
        let counting = JournalSystemCalls(
            write: { descriptor, bytes, length in
                let result = posix.write(descriptor, bytes, length)
                if result > 0 { written.add(result, ordering: .relaxed) }
                return result
            },
            fsyncFile: posix.fsyncFile,
            rename: { from, to in
                renames.add(1, ordering: .relaxed)
                return posix.rename(from, to)
            },
            fsyncFolder: posix.fsyncFolder
        )
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: counting)
        let network = FakeNetworkExecutor()
        let configuration = ATMConfiguration(account: "alice", bank: "http://127.0.0.1:8080", journal: JournalLocation(path: path))

        let report = try await DepositSynchronizer(network: network, configuration: configuration, journal: journal).sync()

        #expect(report.isComplete)
        #expect(report.outcomes.count == count)
        #expect(report.outcomes.allSatisfy { if case .confirmed = $0.result { true } else { false } })
        #expect(network.calls.filter(\.credited).count == count)
        #expect(try journal.pendingDeposits().isEmpty)
        // Batches of an eighth of what is left (at least 64): 14 rewrites for 1,000 deposits,
        // which write less than ten journals' worth of bytes in all. One rewrite per deposit
        // wrote about 500 journals' worth.
        #expect(renames.load(ordering: .relaxed) <= 20)
        #expect(written.load(ordering: .relaxed) <= 10 * initial.count)
    }
}
