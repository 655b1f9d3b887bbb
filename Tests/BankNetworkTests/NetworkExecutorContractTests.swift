import ATMTestSupport
import BankNetwork
import FakeNetwork
import Network
import Testing

/// What every `NetworkExecutor` promises, run against the in-memory fake and against the real
/// client talking to the bank simulator on 127.0.0.1.
struct NetworkExecutorContractTests {
    @Test(arguments: Implementation.allCases)
    func aDepositCreditsTheAccountAndReportsTheBalance(_ implementation: Implementation) async throws {
        let subject = try await implementation.makeSubject(openingBalance: 10_000)
        let confirmation = try await subject.executor.deposit(DepositRequest(account: "alice", amountCents: 4_500, idempotencyKey: "contract-1"))
        #expect(confirmation.account == "alice")
        #expect(confirmation.amountCents == 4_500)
        #expect(confirmation.balanceCents == 14_500)
        #expect(confirmation.isReplay == false)
        #expect(!confirmation.depositID.isEmpty)
        #expect(try subject.balance() == 14_500)
        #expect(try subject.creditCount() == 1)
    }

    @Test(arguments: Implementation.allCases)
    func replayingTheSameKeyAndBodyReturnsTheFirstRecordWithoutASecondCredit(_ implementation: Implementation) async throws {
        let subject = try await implementation.makeSubject(openingBalance: 10_000)
        let request = DepositRequest(account: "alice", amountCents: 2_000, idempotencyKey: "contract-2")
        let first = try await subject.executor.deposit(request)
        let second = try await subject.executor.deposit(request)
        #expect(second == DepositConfirmation(
            depositID: first.depositID, account: "alice", amountCents: 2_000, balanceCents: 12_000, isReplay: true
        ))
        #expect(try subject.balance() == 12_000)
        #expect(try subject.creditCount() == 1)
    }

    @Test(arguments: Implementation.allCases)
    func reusingAKeyWithAnotherAmountIsRefusedWith409(_ implementation: Implementation) async throws {
        let subject = try await implementation.makeSubject(openingBalance: 10_000)
        _ = try await subject.executor.deposit(DepositRequest(account: "alice", amountCents: 2_000, idempotencyKey: "contract-3"))
        let error = try await #require(throws: NetworkError.self) {
            try await subject.executor.deposit(DepositRequest(account: "alice", amountCents: 3_000, idempotencyKey: "contract-3"))
        }
        #expect(error.kind == .httpStatus)
        #expect(error.statusCode == 409)
        #expect(error.mayHaveBeenCredited == false)
        #expect(error.bankMessage == subject.conflictMessage)
        #expect(error.message == subject.refusalMessage(409, subject.conflictMessage))
        #expect(try subject.balance() == 12_000)
        #expect(try subject.creditCount() == 1)
    }

    @Test(arguments: Implementation.allCases)
    func aNonPositiveAmountIsRefusedWith400(_ implementation: Implementation) async throws {
        let subject = try await implementation.makeSubject(openingBalance: 10_000)
        for (index, amount) in [0, -500].enumerated() {
            let error = try await #require(throws: NetworkError.self) {
                try await subject.executor.deposit(DepositRequest(account: "alice", amountCents: amount, idempotencyKey: "contract-4-\(index)"))
            }
            #expect(error.kind == .httpStatus)
            #expect(error.statusCode == 400)
            #expect(error.bankMessage == "amount_cents must be positive")
            #expect(error.mayHaveBeenCredited == false)
            #expect(error.message == subject.refusalMessage(400, "amount_cents must be positive"))
        }
        #expect(try subject.balance() == 10_000)
        #expect(try subject.creditCount() == 0)
    }
}

/// The implementations the contract runs against.
enum Implementation: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case fake = "FakeNetworkExecutor"
    case bank = "BankNetworkExecutor with the bank simulator"

    var testDescription: String { rawValue }

    /// An executor over a bank in which alice has `openingBalance` cents, and ways to look inside
    /// that bank.
    func makeSubject(openingBalance: Int) async throws -> ContractSubject {
        switch self {
        case .fake:
            let fake = FakeNetworkExecutor(balances: ["alice": openingBalance])
            return ContractSubject(
                executor: fake,
                balance: { fake.balance(of: "alice") },
                creditCount: { fake.calls.filter(\.credited).count },
                refusalMessage: { status, message in "the fake bank refused the deposit: HTTP \(status): \(message ?? "")" },
                conflictMessage: "idempotency key reused with a different request",
                simulator: nil
            )
        case .bank:
            let simulator = try await BankSimulator.start(accounts: ["alice": openingBalance])
            let configuration = try BankConfiguration(baseURL: simulator.baseURL, maxAttempts: 1)
            return ContractSubject(
                executor: BankNetworkExecutor(configuration: configuration),
                balance: { try simulator.ledger().balance(of: "alice") },
                creditCount: { try simulator.ledger().deposits.count },
                refusalMessage: { status, message in
                    "the bank at \(simulator.baseURL) refused the deposit: HTTP \(status): \(message ?? "")"
                },
                conflictMessage: "the Idempotency-Key was already used with a different request body",
                simulator: simulator
            )
        }
    }
}

/// An executor under contract, and the bank behind it.
struct ContractSubject {
    let executor: any NetworkExecutor
    /// Alice's balance as the bank keeps it.
    let balance: () throws -> Int?
    /// How many deposits the bank credited.
    let creditCount: () throws -> Int
    /// The message of a refusal with this status and bank message.
    let refusalMessage: (Int, String?) -> String
    /// The bank's own words for a reused key.
    let conflictMessage: String
    /// Kept alive for the test's duration.
    let simulator: BankSimulator?
}
