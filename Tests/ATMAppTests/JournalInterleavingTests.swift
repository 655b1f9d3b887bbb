import ATMCLI
import ATMLib
import BillScanner
import FakeNetwork
import Foundation
import Network
import SeededRandom
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The promise of the exit statuses over seeded interleavings that reach the journal's new cases,
/// driven deterministically (no sleeps): the command line runs in-process over file journals
/// whose system calls are the `JournalSystemCalls` seam, and two fake banks.
///
/// - Two apps share one journal through `ATM_JOURNAL`: `atm` with a real bank's identity and
///   `atm-dev` with its in-memory bank; `atm-dev` also tries to name the real bank.
/// - The journal may start near its limit, so that some deposits are refused as full (72).
/// - A sibling journal `j.x` sits beside `j`; while a writer of `j.x` has its temporary open, a
///   deposit is recorded in `j` and left there, as by a process killed after recording it.
/// - Seeded renames of `j` fail, so that deposits fail to record (74) or to leave the journal, and
///   syncs fail midway (74).
/// - Deposits are held at the bank while the other commands run, then confirmed, lost or refused.
///
/// After the faults are cleared and each app syncs, for every deposit: credited exactly once, at
/// its own bank, if its exit status (0, 73, 75) or the journal says it will be; never otherwise
/// (64, 65, 69, 72, 74); and the journals end empty. A failure names the seed;
/// `ATM_INTERLEAVING_SEED=<seed> swift test --filter JournalInterleavingTests` replays it.
struct JournalInterleavingTests {
    static let realBank = "http://127.0.0.1:8080"

    @Test
    func everyDepositIsCreditedExactlyOnceAtItsOwnBankIfItsStatusOrTheJournalSaysSo() async throws {
        let replay = ProcessInfo.processInfo.environment["ATM_INTERLEAVING_SEED"].flatMap(UInt64.init)
        var seeder = SplitMix64(seed: 0x26_2026)
        let seeds = replay.map { [$0] } ?? (0..<12).map { _ in seeder.next() }
        var endings: [String: Int] = [:]
        for seed in seeds {
            let world = try World(seed: seed)
            let problems = try await world.run()
            endings.merge(world.endings()) { $0 + $1 }
            #expect(problems.isEmpty, Comment(rawValue: "seed \(seed) (replay with ATM_INTERLEAVING_SEED=\(seed)):\n" + problems.joined(separator: "\n")))
        }
        guard replay == nil else { return }
        // The cases must keep reaching the endings the new cases are about.
        for ending in ["0", "72", "74", "75", "69", "orphan", "64"] {
            #expect(endings[ending, default: 0] > 0, "no deposit ended \(ending): \(endings)")
        }
    }
}

/// One seeded case: its journals, banks, commands and what each deposit's ending promises.
private final class World: @unchecked Sendable {
    // @unchecked Sendable: used by the test's task alone; the system calls' closures share only
    // the Mutex-guarded fault state.

    /// A deposit and how it ended.
    struct Deposit {
        let account: String
        let cents: Int
        /// The bank it was made for: the real bank's URL, or `in-memory bank`.
        let bank: String
        var ending: String = "running"
    }

    private var random: SplitMix64
    let folder: String
    let journal: String
    let sibling: String
    let real = FakeNetworkExecutor()
    let memory = FakeNetworkExecutor()
    private let faults = FaultBox()
    private var deposits: [Deposit] = []
    private var trace: [String] = []
    private var padded = false

    /// The scripted faults, shared with the system calls' closures.
    // @unchecked Sendable: `state` is only touched with `lock` held.
    final class FaultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var state = Faults()

        func withLock<T>(_ body: (inout Faults) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }

    struct Faults {
        var renames = 0
        var failingRenames: Set<Int> = []
        var orphanChance = 0
        var orphans: [String] = []
        var random = SplitMix64(seed: 0)
    }

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("atm-interleaving-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        journal = folder + "/j"
        sibling = folder + "/j.x"
        var failing: Set<Int> = []
        for index in 1...40 where random.chance(12) { failing.insert(index) }
        let orphanChance = random.chance(60) ? 40 : 0
        let faultSeed = random.next()
        faults.withLock { $0 = Faults(failingRenames: failing, orphanChance: orphanChance, random: SplitMix64(seed: faultSeed)) }
        if random.chance(25) {
            // Near the limit: room for a deposit or two, then 72.
            try Self.pad(journal, leaving: 250 + random.below(500))
            padded = true
            deposits.append(Deposit(account: "pad", cents: 100, bank: JournalInterleavingTests.realBank, ending: "orphan"))
        }
    }

    /// The journal of one path, through the seam: renames of `j` fail as seeded; a write of `j.x`
    /// may record a deposit in `j` while its own temporary is open.
    private func calls(for path: String) -> JournalSystemCalls {
        let posix = JournalSystemCalls.posix
        let faults = self.faults
        let journal = self.journal
        if path == journal {
            return JournalSystemCalls(
                write: posix.write, fsyncFile: posix.fsyncFile,
                rename: { from, to in
                    let fails = faults.withLock { state in
                        state.renames += 1
                        return state.failingRenames.contains(state.renames)
                    }
                    guard !fails else {
                        errno = EIO
                        return -1
                    }
                    return posix.rename(from, to)
                },
                fsyncFolder: posix.fsyncFolder
            )
        }
        return JournalSystemCalls(
            write: { descriptor, bytes, count in
                let orphan = faults.withLock { state -> String? in
                    guard state.orphanChance > 0, state.random.chance(state.orphanChance) else { return nil }
                    let account = "orphan-\(state.orphans.count)"
                    state.orphans.append(account)
                    return account
                }
                if let orphan {
                    // Another process records a deposit in the sibling `j` and is killed before sending it.
                    let deposit = PendingDeposit(
                        idempotencyKey: UUID().uuidString.lowercased(), account: orphan, amountCents: 100, bills: [1],
                        bankURL: JournalInterleavingTests.realBank, recordedAt: "2026-11-22T21:00:00Z"
                    )
                    let recorded = (try? FileDepositJournal(location: JournalLocation(path: journal), lockTimeout: .milliseconds(1)).record(deposit)) != nil
                    faults.withLock { state in if !recorded { state.orphans.removeLast() } }
                }
                return posix.write(descriptor, bytes, count)
            },
            fsyncFile: posix.fsyncFile, rename: posix.rename, fsyncFolder: posix.fsyncFolder
        )
    }

    /// Runs the case; the broken promises, with a trace.
    func run() async throws -> [String] {
        var held: [(index: Int, task: Task<ExitCode, Never>, gate: FakeNetworkExecutor.Gate, bank: FakeNetworkExecutor)] = []
        for _ in 0..<(8 + random.below(8)) {
            switch random.roll([5, 2, 2, 1, 1]) {
            case 0, 1:
                let isDev = random.chance(30)
                let onSibling = !isDev && random.chance(30)
                let index = deposits.count
                let account = "acct-\(index)"
                let bills = random.pick([["20"], ["5", "5"], ["100"], ["1", "2"]])
                let cents = bills.compactMap(Int.init).reduce(0, +) * 100
                deposits.append(Deposit(account: account, cents: cents, bank: isDev ? "in-memory bank" : JournalInterleavingTests.realBank))
                var arguments = ["deposit"] + bills + ["--account", account]
                if !isDev { arguments += ["--bank", JournalInterleavingTests.realBank] }
                let path = onSibling ? sibling : journal
                let bank = isDev ? memory : real
                if held.count < 2, random.chance(50) {
                    let gate = FakeNetworkExecutor.Gate()
                    bank.script(.hold(gate))
                    let command = arguments
                    let task = Task { await self.command(command, isDev: isDev, journal: path) }
                    // Either it reaches the bank (held there) or it ended before sending anything.
                    let arrived = await Self.race(gate: gate, task: task)
                    if arrived {
                        held.append((index, task, gate, bank))
                        trace.append("\(arguments.joined(separator: " ")) [held] on \(path.suffix(3))")
                    } else {
                        let status = await task.value
                        bank.clearScript()
                        deposits[index].ending = "\(status.rawValue)"
                        trace.append("\(arguments.joined(separator: " ")) on \(path.suffix(3)): \(status.rawValue)")
                    }
                } else {
                    let status = await command(arguments, isDev: isDev, journal: path)
                    deposits[index].ending = "\(status.rawValue)"
                    trace.append("\(arguments.joined(separator: " ")) on \(path.suffix(3)): \(status.rawValue)")
                }
            case 2:
                let isDev = random.chance(50)
                let path = !isDev && random.chance(30) ? sibling : journal
                // atm-dev naming the real bank must be refused; the others sync what is theirs.
                let arguments = isDev && random.chance(30) ? ["sync", "--bank", JournalInterleavingTests.realBank] : ["sync"]
                let status = await command(arguments, isDev: isDev, journal: path)
                if isDev, arguments.count > 1, status != .usage { trace.append("!! atm-dev sync --bank exited \(status.rawValue)") }
                trace.append("\(isDev ? "atm-dev" : "atm") \(arguments.joined(separator: " ")) on \(path.suffix(3)): \(status.rawValue)")
            case 3:
                let status = await command(["pending"], isDev: random.chance(50), journal: random.chance(50) ? journal : sibling)
                trace.append("pending: \(status.rawValue)")
            default:
                guard !held.isEmpty else { continue }
                let entry = held.removeFirst()
                let step = random.pick([
                    FakeNetworkExecutor.Step.succeed,
                    .creditThenFail(NetworkError(kind: .connectionLost, message: "lost", mayHaveBeenCredited: true)),
                    .fail(NetworkError(kind: .connectionRefused, message: "refused", mayHaveBeenCredited: false)),
                ])
                entry.gate.open(with: step)
                let status = await entry.task.value
                deposits[entry.index].ending = "\(status.rawValue)"
                trace.append("release \(deposits[entry.index].account) with \(step): \(status.rawValue)")
            }
        }
        for entry in held {
            entry.gate.open(with: .creditThenFail(NetworkError(kind: .connectionLost, message: "lost", mayHaveBeenCredited: true)))
            let status = await entry.task.value
            deposits[entry.index].ending = "\(status.rawValue)"
            trace.append("release \(deposits[entry.index].account) lost: \(status.rawValue)")
        }
        for orphan in faults.withLock({ $0.orphans }) {
            deposits.append(Deposit(account: orphan, cents: 100, bank: JournalInterleavingTests.realBank, ending: "orphan"))
        }
        faults.withLock { state in
            state.failingRenames = []
            state.orphanChance = 0
        }
        // The final syncs: each app completes what is its own, in each journal.
        var finals: [String] = []
        for _ in 0..<3 {
            let statuses = [
                await command(["sync"], isDev: false, journal: journal),
                await command(["sync"], isDev: false, journal: sibling),
                await command(["sync"], isDev: true, journal: journal),
            ]
            finals.append("\(statuses.map(\.rawValue))")
            let left = try FileDepositJournal(location: JournalLocation(path: journal)).pendingDeposits().count
                + FileDepositJournal(location: JournalLocation(path: sibling)).pendingDeposits().count
            if left == 0 { break }
        }
        return problems(finals: finals)
    }

    /// Runs one command line in-process, as `atm` or `atm-dev`, sharing the journal through `ATM_JOURNAL`.
    private func command(_ arguments: [String], isDev: Bool, journal path: String) async -> ExitCode {
        let application = InterleavingApplication(
            isDevelopment: isDev, network: isDev ? memory : real, systemCalls: calls(for: path)
        )
        let console = RecordingConsole()
        return await ATMCommandLine(application: application, environment: ["ATM_JOURNAL": path], console: console.console).run(arguments)
    }

    private func problems(finals: [String]) -> [String] {
        var problems: [String] = []
        let realCredits = real.calls.filter(\.credited)
        let memoryCredits = memory.calls.filter(\.credited)
        for deposit in deposits {
            let own = deposit.bank == JournalInterleavingTests.realBank ? realCredits : memoryCredits
            let other = deposit.bank == JournalInterleavingTests.realBank ? memoryCredits : realCredits
            let credits = own.filter { $0.request.account == deposit.account }
            if other.contains(where: { $0.request.account == deposit.account }) {
                problems.append("\(deposit.account) (for \(deposit.bank)) was credited by the other bank")
            }
            switch deposit.ending {
            case "0", "73", "75", "orphan":
                if credits.count != 1 || credits.first?.request.amountCents != deposit.cents {
                    problems.append("\(deposit.account) ended \(deposit.ending) but was credited \(credits.map(\.request.amountCents))")
                }
            case "64", "65", "69", "72", "74", "77":
                if !credits.isEmpty { problems.append("\(deposit.account) ended \(deposit.ending) but was credited \(credits.count) times") }
            default:
                problems.append("\(deposit.account) ended \(deposit.ending), which no deposit should")
            }
        }
        for path in [journal, sibling] {
            let left = (try? FileDepositJournal(location: JournalLocation(path: path)).pendingDeposits().map(\.account)) ?? ["unreadable"]
            if !left.isEmpty { problems.append("after the final syncs \(finals), \(path) lists \(left)") }
        }
        if trace.contains(where: { $0.hasPrefix("!!") }) { problems.append("atm-dev used the real bank") }
        guard !problems.isEmpty else { return [] }
        return ["padded \(padded), failing renames \(faults.withLock { $0.failingRenames.sorted() })"] + trace.map { "  \($0)" } + problems
    }

    /// How each deposit ended.
    func endings() -> [String: Int] {
        var endings: [String: Int] = [:]
        for deposit in deposits where deposit.account != "pad" {
            endings[deposit.ending, default: 0] += 1
        }
        if trace.contains(where: { $0.hasPrefix("atm-dev sync --bank") && $0.hasSuffix(": 64") }) { endings["64", default: 0] += 1 }
        return endings
    }

    /// Whether the deposit reached the gate, or ended first (refused before anything was sent).
    /// A waiter for an arrival that never comes stays suspended, harmlessly, until the test ends.
    private static func race(gate: FakeNetworkExecutor.Gate, task: Task<ExitCode, Never>) async -> Bool {
        let (signals, signal) = AsyncStream.makeStream(of: Bool.self)
        Task { await gate.arrival(); signal.yield(true) }
        Task { _ = await task.value; signal.yield(false) }
        for await arrived in signals { return arrived }
        return false
    }

    /// Writes a journal of one deposit (account `pad`, for the real bank), `room` bytes short of the limit:
    /// its `recorded_at` ends in spaces, written as bytes (a 16 MiB `String` of them costs seconds in a debug build).
    private static func pad(_ path: String, leaving room: Int) throws {
        let head = Data(#"{"pending":[{"account":"pad","amount_cents":100,"bank_url":"\#(JournalInterleavingTests.realBank)","bills":[1],"idempotency_key":"k-pad","recorded_at":"2026-11-22T21:00:00Z"#.utf8)
        let tail = Data(#""}],"version":1}"#.utf8)
        let padding = Data(repeating: UInt8(ascii: " "), count: FileDepositJournal.maximumFileSize - room - head.count - tail.count)
        try (head + padding + tail).write(to: URL(fileURLWithPath: path))
    }
}

/// `atm` (a real bank's identity) or `atm-dev` (its in-memory bank) over a fake bank and file
/// journals whose system calls the case scripts.
private struct InterleavingApplication: ATMApplication {
    let isDevelopment: Bool
    let network: FakeNetworkExecutor
    let systemCalls: JournalSystemCalls

    var name: String { isDevelopment ? "atm-dev" : "atm" }
    var defaults: ATMDefaults {
        isDevelopment ? ATMDefaults(account: "developer", builtInBank: "in-memory bank", stateFolder: "atm-dev") : ATMDefaults()
    }

    func makeATM(settings: ATMRunSettings) async throws(ATMBuildFailure) -> ATM {
        let journal = FileDepositJournal(location: settings.configuration.journal, lockTimeout: .milliseconds(50), system: systemCalls)
        return ATM(
            depositer: ATMDepositer(scanner: BillScanner(), network: network, configuration: settings.configuration, journal: journal),
            synchronizer: DepositSynchronizer(network: network, configuration: settings.configuration, journal: journal),
            journal: journal
        )
    }

    func validateGraph() -> GraphReport { GraphReport(isValid: true, text: "valid") }
    func renderGraph(format: String) -> GraphReport { GraphReport(isValid: true, text: "graph") }
}
