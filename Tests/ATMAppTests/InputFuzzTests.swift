import ATMTestSupport
import Foundation
import SeededRandom
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Seeded random argument vectors and journal files given to the built apps: whatever the
/// input, no run ends in a signal or hangs, every status is one the apps document, and every
/// failure says why (on standard error, or in sync's report), with no raw control character in
/// standard error but newlines.
/// Nothing leaves the machine: the only bank is a closed port on 127.0.0.1. A failure names its
/// seed; `ATM_FUZZ_SEED=<seed> swift test --filter InputFuzzTests` replays it alone.
@Suite(.serialized)
struct InputFuzzTests {
    static let statuses: Set<Int32> = [0, 64, 65, 69, 70, 72, 73, 74, 75, 77]

    @Test
    func randomArgumentVectorsNeverCrashAndAlwaysExplainThemselves() async throws {
        let seeds = Self.seeds(count: 300, base: 0xF022_0001)
        var failures: [String] = []
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let product = random.pick(["atm", "atm-dev"])
            let arguments = Self.arguments(&random)
            let run = try await CommandRunner.run(product, arguments, environment: ["ATM_JOURNAL": try Self.folder() + "/journal.json"])
            if let problem = Self.problem(with: run), failures.count < 5 {
                failures.append("seed \(seed) (ATM_FUZZ_SEED=\(seed)): \(product) \(arguments): \(problem)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
    }

    @Test
    func randomJournalFilesNeverCrashPendingOrSync() async throws {
        let seeds = Self.seeds(count: 150, base: 0xF022_0002)
        var failures: [String] = []
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let journal = try Self.journal(&random)
            for command in [["pending"], ["sync", "--timeout", "1", "--connect-timeout", "1"]] {
                let run = try await CommandRunner.run("atm", command + ["--journal", journal])
                if let problem = Self.problem(with: run), failures.count < 5 {
                    failures.append("seed \(seed) (ATM_FUZZ_SEED=\(seed)): atm \(command[0]) over \(journal): \(problem)")
                }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
    }

    // MARK: - Checks

    /// What is wrong with a run, if anything. `CommandRunner` reports a signal as a status
    /// above 128 only through the shell; a crash here is a status outside the documented set.
    static func problem(with run: CommandRunner.Run) -> String? {
        guard statuses.contains(run.status) else { return "exited \(run.status): \(run.error)" }
        // sync reports pending deposits on standard output, with 75.
        if run.status != 0, run.error.isEmpty, run.output.isEmpty { return "exited \(run.status) without a message" }
        let controls = run.error.dropLast().unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
        if !controls.isEmpty { return "standard error holds raw control characters: \(run.error.debugDescription)" }
        return nil
    }

    // MARK: - Inputs

    static func seeds(count: Int, base: UInt64) -> [UInt64] {
        if let replay = ProcessInfo.processInfo.environment["ATM_FUZZ_SEED"].flatMap(UInt64.init) { return [replay] }
        var seeder = SplitMix64(seed: base)
        return (0..<count).map { _ in seeder.next() }
    }

    static func arguments(_ random: inout SplitMix64) -> [String] {
        var arguments = [random.pick(["deposit", "sync", "pending", "graph", "validate", "help", "--help", "withdraw", "", "-"])]
        let flags = ["--account", "--bank", "--journal", "--json", "--timeout", "--connect-timeout", "--ca-file", "--format",
                     "--allow-insecure-http", "--help", "--", "--nope", "-x", "--account=", "--bank=http://127.0.0.1:9"]
        for _ in 0..<random.below(7) {
            if random.chance(50) {
                arguments.append(random.pick(flags))
            }
            arguments.append(value(&random))
        }
        if arguments.contains("--bank") || arguments.contains(where: { $0.hasPrefix("--bank=") }) { return arguments }
        // A deposit that might be valid goes nowhere but a closed loopback port.
        return arguments + (random.chance(70) ? ["--bank", "http://127.0.0.1:9"] : [])
    }

    static func value(_ random: inout SplitMix64) -> String {
        switch random.below(12) {
        case 0: return ""
        case 1: return random.pick([".", "/", "..", "-", "--", "x"])
        case 2: return String(repeating: random.pick(["9", "a", "é", "/"]), count: 1 + random.below(5_000))
        case 3: return random.pick(["9223372036854775807", "9223372036854775808", "-1", "-9223372036854775808", "1e400", "0x20", "20x9999999999999999999"])
        case 4: return random.pick(["20", "5", "100", "1", "2", "50", "20x2", "5x50", "100x26"])
        case 5: return random.pick(["al\nice", "bob\u{1B}[2J", "tab\there", "nul\u{1}x", "\u{202E}evil"])
        case 6: return random.pick(["http://127.0.0.1:9", "HTTP://127.0.0.1:9/", "http://127.0.0.1:99999", "ftp://x", "http://[::1]:9", "http://exa mple"])
        case 7: return random.pick(["text", "dot", "mermaid", "json", "xml"])
        case 8: return random.pick(["0.5", "0", "3601", "1.0001", "abc", ".5"])
        case 9: return random.pick(["/dev/null", "/proc/self/mem", "/nonexistent/ca.pem", "/etc"])
        default:
            let scalars = (0..<(1 + random.below(12))).compactMap { _ in Unicode.Scalar(UInt32(1 + random.below(0x2FF))) }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    /// A journal file: random bytes, a truncated or reshaped valid journal, huge numbers, or a
    /// path that is a folder, a FIFO, a link or a dangling link.
    static func journal(_ random: inout SplitMix64) throws -> String {
        let path = try folder() + "/journal.json"
        let entry = #"{"account":"alice","amount_cents":AMOUNT,"bank_url":"http://127.0.0.1:9","bills":[20],"idempotency_key":"KEY","recorded_at":"t"}"#
        let valid = #"{"pending":[\#(entry.replacingOccurrences(of: "AMOUNT", with: "2000").replacingOccurrences(of: "KEY", with: "k1"))],"version":1}"#
        switch random.below(9) {
        case 0:
            let bytes = (0..<random.below(300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        case 1:
            try String(valid.prefix(random.below(valid.count))).write(toFile: path, atomically: true, encoding: .utf8)
        case 2:
            let amount = random.pick(["9223372036854775807", "9223372036854775808", "-5", "0", "1e3", "2000.5", "\"20\"", "null", "250001"])
            let entries = (0..<(1 + random.below(3))).map { index in
                entry.replacingOccurrences(of: "AMOUNT", with: amount).replacingOccurrences(of: "KEY", with: "k\(index)")
            }
            try #"{"pending":[\#(entries.joined(separator: ","))],"version":1}"#.write(toFile: path, atomically: true, encoding: .utf8)
        case 3:
            try random.pick([#"[]"#, #"{}"#, #"{"pending":{},"version":1}"#, #"{"pending":[],"version":"1"}"#, #"{"pending":[1,2],"version":1}"#, "null", #"{"pending":[],"version":99999999999999999999}"#])
                .write(toFile: path, atomically: true, encoding: .utf8)
        case 4:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case 5:
            mkfifo(path, 0o600)
        case 6:
            try valid.write(toFile: path + ".target", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".target")
        case 7:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".nowhere")
        default:
            let long = String(repeating: "x", count: 1 + random.below(10_000))
            try valid.replacingOccurrences(of: "alice", with: long).replacingOccurrences(of: "\"k1\"", with: "\"k1\u{1}\"")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        return path
    }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atm-fuzz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
