import ATMLib
import BillScanner
import FakeNetwork
import Network
import Testing

struct ATMDepositerTests {
    @Test func aDepositIsCreditedAndTheReceiptCarriesWhatTheBankRecorded() async throws {
        let network = FakeNetworkExecutor(balances: ["alice": 10_000])
        let receipt = try await makeDepositer(network).deposit([Bill(.twenty), Bill(.twenty), Bill(.five)])
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
        let first = try await depositer.deposit([Bill(.one)])
        let second = try await depositer.deposit([Bill(.one)])
        #expect(first.idempotencyKey != second.idempotencyKey)
        #expect(first.idempotencyKey.count == 36)
        #expect(network.balance(of: "alice") == 200)
    }

    @Test func billsThatDoNotScanNeverReachTheBank() async throws {
        let network = FakeNetworkExecutor()
        let error = try await #require(throws: ScanError.self) { try await makeDepositer(network).deposit([]) }
        #expect(error.kind == .emptyDeposit)
        #expect(network.calls.isEmpty)
    }

    @Test func aNetworkFailureReachesTheCallerUnchanged() async throws {
        let network = FakeNetworkExecutor()
        let refused = NetworkError(kind: .connectionRefused, message: "cannot reach the bank at http://bank: connection refused", mayHaveBeenCredited: false)
        network.script(.fail(refused))
        let error = try await #require(throws: NetworkError.self) { try await makeDepositer(network).deposit([Bill(.ten)]) }
        #expect(error == refused)
        #expect(network.balance(of: "alice") == 0)
    }

    @Test func theCallbackFormDeliversTheReceipt() async throws {
        let network = FakeNetworkExecutor()
        let depositer = try makeDepositer(network)
        let receipt = try await withCheckedThrowingContinuation { continuation in
            depositer.deposit([Bill(.fifty)]) { result in continuation.resume(with: result) }
        }
        #expect(receipt.amount == Money(dollars: 50))
    }

    private func makeDepositer(_ network: FakeNetworkExecutor) throws -> ATMDepositer {
        ATMDepositer(
            scanner: BillScanner(),
            network: network,
            configuration: try BankConfiguration(baseURL: "http://127.0.0.1:8080", account: "alice")
        )
    }
}
