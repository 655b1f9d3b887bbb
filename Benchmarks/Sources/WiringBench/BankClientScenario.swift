internal import BenchmarkSupport
internal import Foundation
#if canImport(FoundationNetworking)
internal import FoundationNetworking
#endif
internal import BankNetwork
internal import Network

// Scenario 8: deposits per second through `BankNetworkExecutor` (libcurl, module `BankNetwork`)
// against the bank simulator on loopback, one at a time and from 8 tasks at once, against the
// same requests sent with `URLSession` (FoundationNetworking). Every batch starts a simulator
// with a fresh ledger, so each batch finds the same ledger size; the clients alternate batch by
// batch. Every deposit has its own idempotency key and amount; each reply must be a new credit
// (HTTP 201) of that amount, and after each batch the ledger must hold exactly the batch's
// deposits, keys and total.
//
// The connections differ by design: `BankNetworkExecutor` opens a fresh connection per attempt
// (so libcurl never silently re-sends a deposit on a dead kept-alive connection); URLSession
// keeps connections alive. URLSession is measured both ways: as it comes (keep-alive) and with
// `Connection: close`, a fresh connection per request like the executor. The target is checked
// against the faster of the two.

let bankClientScenario = Scenario(key: "bank", title: "8. Bank client (loopback)") { context in
    let rounds = context.isQuick ? 2 : 5
    for tasks in [1, 8] {
        let deposits = context.isQuick ? 48 : 200
        var samples: [String: [Double]] = [:]
        var cpu: [String: [Double]] = [:]
        for round in 0..<rounds {
            let order = (0..<BankClient.allCases.count).map { BankClient.allCases[($0 + round) % BankClient.allCases.count] }
            for client in order {
                let batch = try BankBatch.run(client, tasks: tasks, deposits: deposits, round: round, repositoryPath: context.repositoryPath)
                samples[client.name, default: []].append(batch.depositsPerSecond)
                cpu[client.name, default: []].append(batch.clientCPUMicrosecondsPerDeposit)
            }
        }
        let label = tasks == 1 ? "sequential" : "\(tasks) concurrent"
        func median(_ client: BankClient) -> Double { Statistics.median(samples[client.name] ?? []) }
        let curl = median(.libcurl)
        let bestSession = max(median(.urlSession), median(.urlSessionClose))
        for client in BankClient.allCases {
            let values = samples[client.name] ?? []
            var note = "client CPU \(Report.format(Statistics.median(cpu[client.name] ?? []))) µs/deposit"
            if client != .libcurl {
                note = "libcurl is \(Report.ratio(curl / median(client))) this; " + note
            }
            context.report.add(Report.Row(
                scenario: context.title, name: "\(label): \(client.name)", value: Statistics.median(values), unit: "deposits/s",
                min: values.min(), max: values.max(), note: note
            ))
        }
        context.report.check(
            "libcurl client ≥ 2× URLSession deposits/s (\(label), faster URLSession variant)",
            measured: Report.ratio(curl / bestSession), isMet: curl / bestSession >= 2
        )
    }
}

/// The clients compared.
enum BankClient: CaseIterable {
    case libcurl
    case urlSession
    case urlSessionClose

    var name: String {
        switch self {
        case .libcurl: "BankNetworkExecutor (libcurl)"
        case .urlSession: "URLSession (keep-alive)"
        case .urlSessionClose: "URLSession (Connection: close)"
        }
    }
}

/// One batch: a fresh simulator, a few untimed deposits, then the timed ones, then the checks.
struct BankBatch {
    /// A deposit that did not come back as a new credit of its amount, or a ledger that does not
    /// add up.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let account = "bench"
    static let warmUpDeposits = 8

    let depositsPerSecond: Double
    let clientCPUMicrosecondsPerDeposit: Double

    static func run(_ client: BankClient, tasks: Int, deposits: Int, round: Int, repositoryPath: String) throws -> BankBatch {
        let simulator = try BankSimulatorProcess(repositoryPath: repositoryPath)
        let sender = try DepositSender(client, baseURL: simulator.baseURL)
        let prefix = "bench-\(ProcessInfo.processInfo.processIdentifier)-\(round)-\(client)-\(tasks)"
        let warmUp = (0..<warmUpDeposits).map { request(prefix + "-warm", $0) }
        let timed = (0..<deposits).map { request(prefix, $0) }

        try runBlocking { try await sender.send(warmUp, tasks: min(tasks, warmUpDeposits)) }
        let cpuBefore = processCPUTime()
        let clock = ContinuousClock()
        let start = clock.now
        try runBlocking { try await sender.send(timed, tasks: tasks) }
        let elapsed = clock.now - start
        let cpu = processCPUTime() - cpuBefore

        let ledger = try simulator.stop()
        let sent = warmUp + timed
        let expectedTotal = sent.reduce(0) { $0 + $1.amountCents }
        guard ledger.accounts[account]?.balance_cents == expectedTotal,
              ledger.deposits.count == sent.count,
              Set(ledger.deposits.map(\.idempotency_key)) == Set(sent.map(\.idempotencyKey)),
              ledger.deposits.reduce(0, { $0 + $1.amount_cents }) == expectedTotal
        else {
            throw Failure(description: "the ledger does not hold the \(sent.count) deposits of \(expectedTotal) cents that \(client.name) sent")
        }
        return BankBatch(
            depositsPerSecond: Double(deposits) / (elapsed.nanoseconds * 1e-9),
            clientCPUMicrosecondsPerDeposit: cpu.nanoseconds * 1e-3 / Double(deposits)
        )
    }

    /// Deposit `index` of a batch: its own key, and an amount from 1.00 to 9.99.
    static func request(_ prefix: String, _ index: Int) -> DepositRequest {
        DepositRequest(account: account, amountCents: 100 + (index * 37) % 900, idempotencyKey: "\(prefix)-\(index)")
    }

    /// User and system CPU time of this process so far.
    static func processCPUTime() -> Duration {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}

/// Sends deposits with one of the clients and checks each reply.
struct DepositSender: Sendable {
    private let client: BankClient
    private let executor: BankNetworkExecutor
    private let session: URLSession
    private let depositURL: URL

    init(_ client: BankClient, baseURL: String) throws {
        self.client = client
        let configuration = try BankConfiguration(baseURL: baseURL)
        executor = BankNetworkExecutor(configuration: configuration)
        session = URLSession(configuration: .ephemeral)
        guard let url = URL(string: configuration.depositURL(for: BankBatch.account)) else {
            throw BankBatch.Failure(description: "bad deposit URL \(configuration.depositURL(for: BankBatch.account))")
        }
        depositURL = url
    }

    /// Sends every request, from `tasks` tasks that each take every `tasks`-th request.
    func send(_ requests: [DepositRequest], tasks: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for first in 0..<tasks {
                group.addTask {
                    for index in stride(from: first, to: requests.count, by: tasks) {
                        try await send(requests[index])
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    private func send(_ request: DepositRequest) async throws {
        switch client {
        case .libcurl:
            let confirmation = try await executor.deposit(request)
            guard !confirmation.isReplay, confirmation.amountCents == request.amountCents else {
                throw BankBatch.Failure(description: "deposit \(request.idempotencyKey) was not credited as sent: \(confirmation)")
            }
        case .urlSession, .urlSessionClose:
            var http = URLRequest(url: depositURL)
            http.httpMethod = "POST"
            http.setValue("application/json", forHTTPHeaderField: "Content-Type")
            http.setValue("application/json", forHTTPHeaderField: "Accept")
            http.setValue(request.idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
            if client == .urlSessionClose {
                http.setValue("close", forHTTPHeaderField: "Connection")
            }
            http.httpBody = Data(#"{"amount_cents":\#(request.amountCents),"currency":"USD"}"#.utf8)
            let (data, response) = try await session.data(for: http)
            let reply = try? JSONDecoder().decode(Reply.self, from: data)
            guard (response as? HTTPURLResponse)?.statusCode == 201, reply?.amount_cents == request.amountCents else {
                throw BankBatch.Failure(description: "deposit \(request.idempotencyKey) was not credited as sent: \(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    /// The fields of the bank's reply that the check reads.
    private struct Reply: Decodable {
        let amount_cents: Int
    }
}
