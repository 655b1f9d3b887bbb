import ATMLib
import FakeATMLib
import FakeNetwork
import Network
import Testing

/// A bank that does not answer is left once it has failed to answer a few deposits in a row:
/// its other deposits stay pending, reported as not attempted, and the sync ends instead of
/// spending every deposit's attempts on it. Counted in calls, never in time.
struct SilentBankSyncTests {
    static let bank = "http://127.0.0.1:8080"
    static let silence = NetworkError(
        kind: .timedOut, message: "the bank at http://127.0.0.1:8080 did not answer within 1 s", mayHaveBeenCredited: true
    )

    static func deposits(_ count: Int) -> [PendingDeposit] {
        (1...count).map { index in
            PendingDeposit(idempotencyKey: "k-\(index)", account: "alice", amountCents: 2000, bills: [20], bankURL: bank, recordedAt: "2026-11-22T21:00:00Z")
        }
    }

    static func sync(_ journal: any DepositJournal, _ network: FakeNetworkExecutor) async throws -> SyncReport {
        let configuration = ATMConfiguration(account: "alice", bank: bank, journal: JournalLocation(path: "/nonexistent/journal.json"))
        return try await DepositSynchronizer(network: network, configuration: configuration, journal: journal).sync()
    }

    @Test func aBankThatDoesNotAnswerIsLeftAfterTwoDepositsInARowAndTheRestStayPending() async throws {
        let journal = InMemoryDepositJournal(pending: Self.deposits(10))
        let network = FakeNetworkExecutor()
        for _ in 1...10 { network.script(.fail(Self.silence)) }

        let report = try await Self.sync(journal, network)

        #expect(DepositSynchronizer.unansweredLimit == 2)
        #expect(network.calls.map(\.request.idempotencyKey) == ["k-1", "k-2"])
        #expect(report.outcomes.map(\.result) == Array(repeating: .stillPending(Self.silence), count: 2)
            + Array(repeating: .notAttempted(Self.silence), count: 8))
        #expect(!report.isComplete)
        #expect(try journal.pendingDeposits() == Self.deposits(10))

        // Once the bank answers, the next sync credits every one of them, once.
        network.clearScript()
        let again = try await Self.sync(journal, network)
        #expect(again.isComplete)
        #expect(network.calls.filter(\.credited).map(\.request.idempotencyKey) == (1...10).map { "k-\($0)" })
        #expect(try journal.pendingDeposits().isEmpty)
    }

    /// With one deposit per batch, the batches after the bank was given up are not even claimed,
    /// and every claim taken is let go: the next sync takes all of them.
    @Test func theBatchesAfterTheBankWasGivenUpAreNotClaimedAndTheNextSyncTakesThem() async throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: .posix, settlementBatchLimit: 1)
        for deposit in Self.deposits(5) { try journal.record(deposit).release() }
        let network = FakeNetworkExecutor()
        network.script(.fail(Self.silence), .fail(Self.silence), .fail(Self.silence))

        let report = try await Self.sync(journal, network)

        #expect(network.calls.count == 2)
        #expect(report.outcomes.map(\.result) == Array(repeating: .stillPending(Self.silence), count: 2)
            + Array(repeating: .notAttempted(Self.silence), count: 3))
        network.clearScript()
        #expect(try await Self.sync(journal, network).isComplete)
        #expect(network.calls.filter(\.credited).map(\.request.idempotencyKey) == (1...5).map { "k-\($0)" })
    }

    /// Only failures that say nothing about the deposit count: a refused, lost or timed-out
    /// connection, or a name that does not resolve. An answer of any kind (a credit, a refusal,
    /// a 5xx, a malformed reply) starts the count again.
    @Test func anAnswerOfAnyKindStartsTheCountAgain() async throws {
        let refused = NetworkError(kind: .connectionRefused, message: "refused", mayHaveBeenCredited: false)
        let lost = NetworkError(kind: .connectionLost, message: "lost", mayHaveBeenCredited: true)
        let unknownHost = NetworkError(kind: .hostNotFound, message: "no such host", mayHaveBeenCredited: false)
        let failed = NetworkError(kind: .httpStatus, message: "HTTP 503", statusCode: 503, mayHaveBeenCredited: true)
        let malformed = NetworkError(kind: .malformedReply, message: "malformed", mayHaveBeenCredited: true)
        let journal = InMemoryDepositJournal(pending: Self.deposits(9))
        let network = FakeNetworkExecutor()
        network.script(.fail(refused), .fail(failed), .fail(lost), .fail(malformed), .fail(unknownHost), .succeed, .fail(Self.silence), .fail(refused))

        let report = try await Self.sync(journal, network)

        #expect(network.calls.map(\.request.idempotencyKey) == (1...8).map { "k-\($0)" })
        #expect(report.outcomes.last?.result == .notAttempted(refused))
        #expect(report.outcomes.filter { if case .notAttempted = $0.result { true } else { false } }.count == 1)
    }
}
