import ATMTestSupport
@testable import BankNetwork
import Foundation
import Network
import Synchronization
import Testing

/// The bank's name is resolved within the connect timeout: a name server that never answers
/// costs each attempt its timeout, not the system resolver's.
struct NameResolutionTests {
    /// A lookup that blocks until the test releases it, and counts its calls.
    final class StuckLookup: Sendable {
        private let calls = Atomic<Int>(0)
        private let gate = DispatchSemaphore(value: 0)

        var count: Int { calls.load(ordering: .acquiring) }

        func lookup(_ host: String) -> HostResolver.Answer {
            calls.add(1, ordering: .acquiringAndReleasing)
            gate.wait()
            return .notFound
        }

        func release() { gate.signal() }
    }

    @Test func anUnansweredLookupEndsEachAttemptAtTheConnectTimeout() async throws {
        let stuck = StuckLookup()
        defer { stuck.release() }
        let executor = BankNetworkExecutor(
            configuration: try BankConfiguration(
                baseURL: "https://bank.example", connectTimeout: .seconds(1), totalTimeout: .seconds(1), maxAttempts: 3,
                retryBaseDelay: .zero
            ),
            pause: { _ in },
            resolver: HostResolver(lookup: stuck.lookup)
        )
        let error = try await #require(throws: NetworkError.self) {
            try await executor.deposit(DepositRequest(account: "alice", amountCents: 4_500, idempotencyKey: "atm-7-0042"))
        }
        #expect(error == NetworkError(kind: .timedOut, message: "cannot reach the bank at https://bank.example: no connection within 1 s", mayHaveBeenCredited: false))
        // The deposit returned while the lookup is still blocked: nothing joined it. The three
        // attempts shared the one lookup under way instead of starting one each.
        #expect(stuck.count == 1)
    }

    @Test func theAddressesFoundAreTheOnesLibcurlConnectsTo() async throws {
        let server = try ScriptedHTTPServer(script: [.status(201, body: #"{"deposit_id":"dep-1","account":"alice","amount_cents":4500,"balance_cents":14500}"#)])
        let port = try #require(URLComponents(string: server.baseURL)?.port)
        let looked = Mutex<[String]>([])
        let executor = BankNetworkExecutor(
            // Timeouts far above any busy machine's: the verdict is which address is connected to.
            configuration: try BankConfiguration(
                baseURL: "http://bank.test:\(port)", connectTimeout: .seconds(300), totalTimeout: .seconds(300), maxAttempts: 1,
                allowsInsecureHTTP: true
            ),
            pause: { _ in },
            resolver: HostResolver { host in
                looked.withLock { $0.append(host) }
                return .addresses(["127.0.0.1"])
            }
        )
        let confirmation = try await executor.deposit(DepositRequest(account: "alice", amountCents: 4_500, idempotencyKey: "atm-7-0042"))
        #expect(confirmation.depositID == "dep-1")
        #expect(looked.withLock { $0 } == ["bank.test"])
        #expect(server.requests.first?.header("Host") == "bank.test:\(port)")
    }

    @Test func aNameThatDoesNotResolveIsReportedAsNotFound() async throws {
        let executor = BankNetworkExecutor(
            configuration: try BankConfiguration(baseURL: "https://bank.invalid", maxAttempts: 1),
            pause: { _ in },
            resolver: HostResolver { _ in .notFound }
        )
        let error = try await #require(throws: NetworkError.self) {
            try await executor.deposit(DepositRequest(account: "alice", amountCents: 4_500, idempotencyKey: "atm-7-0042"))
        }
        #expect(error == NetworkError(kind: .hostNotFound, message: "cannot reach the bank at https://bank.invalid: host bank.invalid not found", mayHaveBeenCredited: false))
    }

    @Test(arguments: [("127.0.0.1", true), ("::1", true), ("[::1]", true), ("bank.example", false), ("localhost", false)])
    func addressesAreNotLookedUp(host: String, isAddress: Bool) {
        #expect(HostResolver.isAddress(host) == isAddress)
    }
}
