import ATMLib
import BillScanner
import FakeATMLib
import FakeNetwork
import Network
import Testing

struct ATMDepositerTests {
    @Test func aDepositIsCreditedAndTheReceiptCarriesWhatTheBankRecorded() async throws {
        let network = FakeNetworkExecutor(balances: ["alice": 10_000])
        let receipt = try await makeDepositer(network).deposit(bills: [Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(receipt.account == "alice")
        #expect(receipt.bills == [Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(receipt.amount == Money(cents: 4500))
        #expect(receipt.balance == Money(cents: 14_500))
        #expect(receipt.depositID == "fake-1")
        #expect(network.calls.map(\.request) == [
            DepositRequest(account: "alice", amountCents: 4500, idempotencyKey: receipt.idempotencyKey),
        ])
    }

    @Test func everyDepositHasItsOwnIdempotencyKey() async throws {
        let network = FakeNetworkExecutor()
        let depositer = try makeDepositer(network)
        let first = try await depositer.deposit(bills: [Bill(.one)])
        let second = try await depositer.deposit(bills: [Bill(.one)])
        #expect(first.idempotencyKey != second.idempotencyKey)
        #expect(first.idempotencyKey.count == 36)
        #expect(network.balance(of: "alice") == 200)
    }

    @Test func billsThatDoNotScanNeverReachTheBank() async throws {
        let network = FakeNetworkExecutor()
        let error = try await #require(throws: ScanError.self) { try await makeDepositer(network).deposit(bills: []) }
        #expect(error.kind == .emptyDeposit)
        #expect(network.calls.isEmpty)
    }

    @Test func aNetworkFailureReachesTheCallerUnchanged() async throws {
        let network = FakeNetworkExecutor()
        let refused = NetworkError(kind: .connectionRefused, message: "cannot reach the bank at http://bank: connection refused", mayHaveBeenCredited: false)
        network.script(.fail(refused))
        let error = try await #require(throws: NetworkError.self) { try await makeDepositer(network).deposit(bills: [Bill(.ten)]) }
        #expect(error == refused)
        #expect(network.balance(of: "alice") == 0)
    }

    @Test func theCallbackFormDeliversTheReceipt() async throws {
        let network = FakeNetworkExecutor()
        let depositer = try makeDepositer(network)
        let receipt = try await withCheckedThrowingContinuation { continuation in
            depositer.deposit(bills: [Bill(.fifty)]) { result in continuation.resume(with: result) }
        }
        #expect(receipt.amount == Money(dollars: 50))
    }

    @Test func aDepositIsInTheJournalAndClaimedWhileItIsSentAndLeavesItOnceConfirmed() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        let gate = FakeNetworkExecutor.Gate()
        network.script(.hold(gate))
        let depositer = try makeDepositer(network, journal: journal)
        async let receipt = depositer.deposit(bills: [Bill(.twenty)])
        await gate.arrival()
        let whileSending = try journal.pendingDeposits()
        #expect(whileSending.map(\.amountCents) == [2000])
        #expect(whileSending.map(\.bills) == [[20]])
        #expect(whileSending.map(\.bankURL) == ["http://127.0.0.1:8080"])
        #expect(journal.claimedKeys == Set(whileSending.map(\.idempotencyKey)))
        gate.open()
        #expect(try await receipt.idempotencyKey == whileSending.first?.idempotencyKey)
        #expect(try journal.pendingDeposits().isEmpty)
        #expect(journal.claimedKeys.isEmpty)
    }

    @Test func aSyncLeavesAloneTheDepositADepositerIsSendingSoARefusalMeansNothingWasRecorded() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        let gate = FakeNetworkExecutor.Gate()
        network.script(.hold(gate))
        let configuration = ATMConfiguration(account: "alice", bank: "http://127.0.0.1:8080", journal: JournalLocation(path: "/unused/journal.json"))
        let depositer = try makeDepositer(network, journal: journal)
        let deposit = Task { try await depositer.deposit(bills: [Bill(.twenty)]) }
        await gate.arrival()

        let report = try await DepositSynchronizer(network: network, configuration: configuration, journal: journal).sync()
        #expect(report.outcomes.map(\.result) == [.heldElsewhere])
        #expect(!report.isComplete)
        #expect(network.calls.isEmpty)

        let refused = NetworkError(kind: .connectionRefused, message: "refused", mayHaveBeenCredited: false)
        gate.open(with: .fail(refused))
        await #expect(throws: refused) { try await deposit.value }
        #expect(try journal.pendingDeposits().isEmpty)
        #expect(network.calls.map(\.credited) == [false])
    }

    @Test func aRefusedDepositThatCannotLeaveTheJournalIsPendingNotRefused() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        journal.failRemovals(with: JournalError(kind: .inputOutput, message: "cannot write the deposit journal /j: No space left on device"))
        network.script(.fail(NetworkError(kind: .connectionRefused, message: "cannot reach the bank", mayHaveBeenCredited: false)))
        let error = try await #require(throws: DepositPending.self) { try await makeDepositer(network, journal: journal).deposit(bills: [Bill(.ten)]) }
        #expect(error.reason == "the bank did not record it (cannot reach the bank), but it could not be taken out of the journal: "
            + "cannot write the deposit journal /j: No space left on device")
        #expect(error.cause == nil)
        #expect(try journal.pendingDeposits() == [error.deposit])
        #expect(journal.claimedKeys.isEmpty)
    }

    /// A removal that a crash could undo would let a sync send the deposit after the depositer
    /// said "never credited, deposit again": the same bills could be credited twice.
    @Test func aRefusedDepositWhoseRemovalIsNotDurableIsPendingNotRefused() async throws {
        let path = try FileDepositJournalTests.temporaryFolder() + "/journal.json"
        // The record's folder sync succeeds; the removal's fails.
        let injector = FaultInjector(failing: [:], thenFailing: [.fsyncFolder: 1])
        let journal = FileDepositJournal(location: JournalLocation(path: path), system: injector.calls)
        let network = FakeNetworkExecutor()
        let gate = FakeNetworkExecutor.Gate()
        network.script(.hold(gate))
        let depositer = try makeDepositer(network, journal: journal)
        let deposit = Task { try await depositer.deposit(bills: [Bill(.twenty)]) }
        await gate.arrival()  // recorded durably, and sent
        injector.advance()
        gate.open(with: .fail(NetworkError(kind: .httpStatus, message: "HTTP 429: busy", statusCode: 429, mayHaveBeenCredited: false)))
        let error = try await #require(throws: DepositPending.self) { try await deposit.value }
        #expect(error.reason == "the bank did not record it (HTTP 429: busy), but taking it out of the journal could not be made durable: "
            + "cannot sync the folder of the deposit journal \(path): Input/output error, so the journal may list the deposit again after a crash")
        #expect(error.cause == nil)
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func aConfirmedDepositThatCannotLeaveTheJournalIsCreditedAndItsReceiptSaysSo() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        let full = JournalError(kind: .inputOutput, message: "cannot write the deposit journal /j: No space left on device")
        journal.failRemovals(with: full)
        let receipt = try await makeDepositer(network, journal: journal).deposit(bills: [Bill(.ten)])
        #expect(receipt.amount == Money(cents: 1000))
        #expect(receipt.stillListed == full)
        #expect(try journal.pendingDeposits().map(\.idempotencyKey) == [receipt.idempotencyKey])
        #expect(journal.claimedKeys.isEmpty)
        #expect(network.balance(of: "alice") == 1000)
    }

    @Test func aConfirmedDepositWhoseRemovalIsNotDurableIsCreditedAndItsReceiptSaysSo() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        let notDurable = JournalError(kind: .leftUnsent, message: "cannot sync the folder of the deposit journal /j: Input/output error, "
            + "so the journal may list the deposit again after a crash")
        journal.failDurability(with: notDurable)
        let receipt = try await makeDepositer(network, journal: journal).deposit(bills: [Bill(.ten)])
        #expect(receipt.stillListed == notDurable)
        #expect(try journal.pendingDeposits().isEmpty)
        #expect(network.balance(of: "alice") == 1000)
    }

    @Test func aConfirmedDepositThatLeavesTheJournalHasNothingStillListed() async throws {
        let journal = InMemoryDepositJournal()
        let receipt = try await makeDepositer(FakeNetworkExecutor(), journal: journal).deposit(bills: [Bill(.ten)])
        #expect(receipt.stillListed == nil)
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func anErrorThatIsNotTheBanksLeavesTheOutcomeUnknown() async throws {
        let journal = InMemoryDepositJournal()
        let depositer = ATMDepositer(
            scanner: BillScanner(), network: ThrowingExecutor(),
            configuration: ATMConfiguration(account: "alice", bank: "http://127.0.0.1:8080", journal: JournalLocation(path: "/unused/journal.json")), journal: journal
        )
        let error = try await #require(throws: DepositPending.self) { try await depositer.deposit(bills: [Bill(.ten)]) }
        #expect(error.reason == "SomethingElse()")
        #expect(error.cause?.mayHaveBeenCredited == true)
        #expect(try journal.pendingDeposits() == [error.deposit])
    }

    @Test func aDepositWhoseOutcomeIsUnknownStaysInTheJournal() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        let lost = NetworkError(kind: .connectionLost, message: "lost", mayHaveBeenCredited: true)
        network.script(.creditThenFail(lost))
        let error = try await #require(throws: DepositPending.self) { try await makeDepositer(network, journal: journal).deposit(bills: [Bill(.ten)]) }
        #expect(error.cause == lost)
        #expect(try journal.pendingDeposits() == [error.deposit])
        #expect(error.deposit.idempotencyKey == network.calls.first?.request.idempotencyKey)
    }

    @Test func aDepositTheBankCertainlyDidNotRecordLeavesTheJournal() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        network.script(.fail(NetworkError(kind: .connectionRefused, message: "refused", mayHaveBeenCredited: false)))
        _ = try await #require(throws: NetworkError.self) { try await makeDepositer(network, journal: journal).deposit(bills: [Bill(.ten)]) }
        #expect(try journal.pendingDeposits().isEmpty)
    }

    @Test func nothingIsSentWhenTheDepositCannotBeRecorded() async throws {
        let network = FakeNetworkExecutor()
        let journal = InMemoryDepositJournal()
        let failure = JournalError(kind: .inputOutput, message: "cannot write the deposit journal /x: No space left on device")
        journal.fail(with: failure)
        let error = try await #require(throws: JournalError.self) { try await makeDepositer(network, journal: journal).deposit(bills: [Bill(.ten)]) }
        #expect(error == failure)
        #expect(network.calls.isEmpty)
    }

    private func makeDepositer(_ network: FakeNetworkExecutor, journal: any DepositJournal = InMemoryDepositJournal()) throws -> ATMDepositer {
        ATMDepositer(
            scanner: BillScanner(),
            network: network,
            configuration: ATMConfiguration(account: "alice", bank: "http://127.0.0.1:8080", journal: JournalLocation(path: "/unused/journal.json")),
            journal: journal
        )
    }
}

private struct SomethingElse: Error {}

/// An executor whose failure is not a `NetworkError`: nothing says whether the bank credited.
private struct ThrowingExecutor: NetworkExecutor {
    func deposit(_ request: DepositRequest) async throws -> DepositConfirmation {
        throw SomethingElse()
    }
}
