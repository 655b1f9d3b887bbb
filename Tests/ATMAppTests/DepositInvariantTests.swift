import ATMTestSupport
import Foundation
import SeededRandom
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The promise of the exit statuses, checked over seeded random interleavings of several
/// `atm deposit`, `atm sync` and `atm pending` processes sharing one journal, against the bank
/// simulator with random faults, with some processes killed at seeded moments. After a final
/// `sync` with the faults cleared, for every deposit:
/// - it is credited at most once;
/// - exit 0 or 73: credited exactly once, with its amount;
/// - exit 64, 65, 69, 74 or 77: never credited;
/// - exit 75: credited exactly once;
/// - killed: credited at most once;
/// and no process ends by a signal the test did not send. A failure names the case's seed;
/// `ATM_INVARIANT_SEED=<seed> swift test --filter DepositInvariantTests` replays it alone.
@Suite(.serialized)
struct DepositInvariantTests {
    static let faults = [
        "delay:seconds=1,rate=0.5",
        "status:code=500,rate=0.4",
        "status:code=503,retry_after=1,rate=0.3",
        "drop-before:rate=0.4",
        "drop-after:rate=0.4",
        "garbage:rate=0.3",
        "truncate:rate=0.3",
    ]

    @Test(.timeLimit(.minutes(5)))
    func everyExitStatusTellsTheTruthUnderRandomInterleavingsFaultsAndKills() async throws {
        let replay = ProcessInfo.processInfo.environment["ATM_INVARIANT_SEED"].flatMap(UInt64.init)
        var seeder = SplitMix64(seed: 0x1417_2026)
        let seeds = replay.map { [$0] } ?? (0..<10).map { _ in seeder.next() }
        var endings: [String: Int] = [:]
        for seed in seeds {
            let (problems, caseEndings) = try await Self.runCase(seed: seed)
            endings.merge(caseEndings, uniquingKeysWith: +)
            #expect(problems.isEmpty, Comment(rawValue: "seed \(seed) (replay with ATM_INVARIANT_SEED=\(seed)):\n" + problems.joined(separator: "\n")))
        }
        guard replay == nil else { return }
        // The cases must keep reaching the endings the promise is about.
        #expect(endings["0", default: 0] > 0 && endings["75", default: 0] > 0 && endings["killed", default: 0] > 0, "\(endings)")
    }

    /// One process of a case, and how it ended.
    private struct Actor {
        let arguments: [String]
        let account: String?
        let cents: Int
        var killed = false
        var status: Int32 = -1
        var signal: Int32?
    }

    /// Runs one case; the broken promises, if any, with a trace of the case, and how its
    /// deposits ended.
    private static func runCase(seed: UInt64) async throws -> (problems: [String], endings: [String: Int]) {
        var random = SplitMix64(seed: seed)
        var faults: [String] = []
        for fault in Self.faults where random.chance(35) { faults.append(fault) }
        let bank = try await BankSimulator.start(accounts: [:], faults: faults, seed: Int(seed % 1_000_000))
        defer { bank.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atm-invariant-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let journal = folder + "/journal.json"
        let flags = ["--journal", journal, "--timeout", "1.5", "--connect-timeout", "1"]

        var actors: [Actor] = []
        for index in 0..<(3 + random.below(3)) {
            let bills = random.pick([["20"], ["5", "5"], ["100"], ["1", "2"], ["50", "20"]])
            let cents = bills.compactMap(Int.init).reduce(0, +) * 100
            let account = "acct-\(index)"
            actors.append(Actor(arguments: ["deposit"] + bills + ["--account", account, "--bank", bank.baseURL] + flags, account: account, cents: cents))
        }
        for _ in 0..<(1 + random.below(2)) {
            actors.append(Actor(arguments: ["sync"] + flags, account: nil, cents: 0))
        }
        actors.append(Actor(arguments: ["pending", "--journal", journal], account: nil, cents: 0))
        random.shuffle(&actors)

        // Start them a few milliseconds apart, and kill some after a seeded pause.
        var processes: [Process] = []
        for actor in actors {
            processes.append(try CommandRunner.start("atm", actor.arguments))
            usleep(UInt32(random.below(30_000)))
        }
        for index in actors.indices where random.chance(25) {
            usleep(UInt32(random.below(400_000)))
            if processes[index].isRunning {
                kill(processes[index].processIdentifier, SIGKILL)
                actors[index].killed = true
            }
        }
        for (index, process) in processes.enumerated() {
            await Self.wait(for: process)
            if process.terminationReason == .uncaughtSignal {
                actors[index].signal = process.terminationStatus
            } else {
                actors[index].status = process.terminationStatus
            }
        }

        try await bank.clearFaults()
        var finalSync = CommandRunner.Run(status: -1, output: "", error: "")
        for _ in 0..<3 where finalSync.status != 0 {
            finalSync = try await CommandRunner.run("atm", ["sync"] + flags)
        }
        let ledger = try bank.ledger()

        var problems: [String] = []
        if finalSync.status != 0 { problems.append("the final sync exited \(finalSync.status): \(finalSync.output)\(finalSync.error)") }
        let keys = ledger.deposits.map(\.idempotencyKey)
        if Set(keys).count != keys.count { problems.append("a key was credited twice: \(keys)") }
        for actor in actors {
            if let signal = actor.signal, !(actor.killed && signal == SIGKILL) {
                problems.append("atm \(actor.arguments.prefix(4).joined(separator: " ")) ended by signal \(signal)")
            }
            guard let account = actor.account else { continue }
            let credits = ledger.deposits.filter { $0.account == account }
            let credited = credits.count
            switch (actor.killed && actor.signal != nil, actor.status) {
            case (true, _):
                if credited > 1 { problems.append("\(account) was killed and credited \(credited) times") }
            case (false, 0), (false, 73), (false, 75):
                if credited != 1 || credits.first?.amountCents != actor.cents {
                    problems.append("\(account) exited \(actor.status) but was credited \(credits.map(\.amountCents))")
                }
            case (false, 64), (false, 65), (false, 69), (false, 74), (false, 77):
                if credited != 0 { problems.append("\(account) exited \(actor.status) but was credited \(credited) times") }
            default:
                problems.append("\(account) exited \(actor.status), which no deposit should")
            }
        }
        let pending = try await CommandRunner.run("atm", ["pending", "--journal", journal])
        if pending.output != "No deposits pending in \(journal).\n" { problems.append("after the final sync: \(pending.output)") }
        var endings: [String: Int] = [:]
        for actor in actors where actor.account != nil {
            endings[actor.killed && actor.signal != nil ? "killed" : "\(actor.status)", default: 0] += 1
        }
        guard !problems.isEmpty else { return ([], endings) }
        let trace = actors.map { actor in
            "  atm \(actor.arguments.prefix(5).joined(separator: " ")): "
                + (actor.signal.map { "signal \($0)\(actor.killed ? " (killed by the test)" : "")" } ?? "exit \(actor.status)")
        }
        return (["faults \(faults)"] + trace + problems, endings)
    }

    /// Waits for a process without blocking Swift's cooperative pool, killing it after 60 s.
    private static func wait(for process: Process) async {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let deadline = Date().addingTimeInterval(60)
                while process.isRunning, Date() < deadline { usleep(5_000) }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                continuation.resume()
            }
            thread.start()
        }
    }
}
