import Foundation
import SeededRandom
import Testing
import Wiring

/// The invariant of effects: no graph that `of` accepts traps when it is built, through any
/// entry point `of` allowed (issue 25).
///
/// Random graphs of a parent component and a subcomponent (`EffectGraph`): bindings,
/// collection contributions and map entries whose factories are plain, throwing, `async` or
/// `@MainActor`, taken through every request kind (`T`, `T?`, `@Sendable () -> T`, `Provider`,
/// `Lazy`, `AsyncProvider`, `MainActorProvider`, `[T]`, `[K: V]`, `[K: Provider<V>]`,
/// `[K: AsyncProvider<V>]`, `[K: MainActorProvider<V>]`, and the subcomponent's
/// `ComponentFactory`, `MainActorComponentFactory` and `AsyncComponentFactory`), with collections
/// and maps the subcomponent inherits from its parent.
///
/// For each graph and each entry point, `of` must report exactly the unhandled effects that
/// `EffectReferenceChecker` predicts, binding by binding (the number of diagnostics at each
/// declaration), and every graph it accepts is built through that entry point, then every
/// provider, closure and subcomponent factory the values received is used, four levels down.
///
/// The cases run in a child process (this test binary again, running
/// `aChildProcessChecksTheGraphsOfItsSeeds`), so that a trap is a failure naming its seed, not
/// the end of the suite: after a trap, a new child goes on from the next seed.
/// `WIRING_EFFECT_GRAPH_SEED=<seed>` replays one seed, in the process itself.
struct EffectRandomGraphTests {
    static let graphCount = 3_000
    /// How deep the providers, closures and factories the values received are used.
    static let exerciseDepth = 4
    static let outputPrefix = "EFFECT-GRAPH"

    /// Seeds that found bugs, checked in the process itself. Before the fixes of issue 25, the
    /// first three stopped the process at build (`T?` of an effectful binding, linked with its
    /// plain resolver), and `of` accepted the last three, which then stopped the process (a
    /// subcomponent's collection or map inheriting an effectful contribution, whose chain of
    /// bindings validation did not follow into the parent).
    static let regressionSeeds: [UInt64] = [
        3_891_441_852_440_143_640, 8_335_012_816_798_655_441, 3_715_264_039_144_489_347,
        4_971_025_727_557_251_907, 15_817_027_196_422_899_906, 6_484_418_306_745_356_330,
    ]

    static func seeds() -> [UInt64] {
        var seeder = SplitMix64(seed: 0xEFFE_C725)
        return (0..<graphCount).map { _ in seeder.next() }
    }

    /// True in the child process this suite starts, which runs only the child's test.
    static let isChild = ProcessInfo.processInfo.environment["WIRING_EFFECT_GRAPH_CHILD"] != nil

    // Bounded by its count of graphs, not by a time limit: a busy machine makes it slower, not wrong.
    @Test(.disabled(if: isChild, "the child process checks seeds; its parent is this test"))
    func everyGraphOfAcceptsIsBuiltThroughEachEntryPointItAllowsWithoutATrap() async throws {
        let environment = ProcessInfo.processInfo.environment
        if let replay = environment["WIRING_EFFECT_GRAPH_SEED"].flatMap(UInt64.init) {
            let report = await Self.check(seed: replay)
            #expect(report.problems.isEmpty, Comment(rawValue: report.problems.joined(separator: "\n")))
            return
        }
        let seeds = Self.seeds()
        var reports: [Int: CaseReport] = [:]
        var traps: [UInt64] = []
        var next = 0
        while next < seeds.count {
            let run = try await Self.runChildOffThePool(from: next)
            for (index, report) in run.reports { reports[index] = report }
            if let trapped = run.trappedIndex {
                traps.append(seeds[trapped])
                next = trapped + 1
            } else if let last = run.reports.keys.max(), last + 1 < seeds.count, !run.exitedCleanly {
                next = last + 1
            } else {
                guard run.exitedCleanly else {
                    Issue.record("the child process failed before checking any graph:\n\(run.output.suffix(2_000))")
                    return
                }
                break
            }
        }
        let failures = reports.sorted { $0.key < $1.key }.filter { !$0.value.problems.isEmpty }.prefix(5).map { index, report in
            "seed \(seeds[index]) (replay with WIRING_EFFECT_GRAPH_SEED=\(seeds[index])):\n"
                + report.problems.map { "  - \($0)" }.joined(separator: "\n")
        }
        let accepted = EffectReferenceChecker.Entry.allCases.map { entry in reports.values.filter { $0.accepted.contains("\(entry)") }.count }
        let built = reports.values.reduce(0) { $0 + $1.built }
        print("""
            EffectRandomGraphTests: \(seeds.count) graphs generated, \(reports.count) checked; accepted by ComponentFactory \
            \(accepted[0]), MainActorComponentFactory \(accepted[1]), AsyncComponentFactory \(accepted[2]); \
            \(built) builds; \(traps.count) traps
            """)
        #expect(traps.isEmpty, "these seeds trapped: \(traps.map(String.init).joined(separator: ", "))")
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n\n")))
        let untrapped: Int = seeds.count - traps.count
        #expect(reports.count == untrapped)
        // The generator must keep making graphs each entry point accepts, and graphs it rejects,
        // and the accepted graphs must take every request kind and have every effect on every
        // kind of declaration, in both components.
        #expect(accepted.allSatisfy { $0 > seeds.count / 10 && $0 < seeds.count * 9 / 10 }, "accepted: \(accepted)")
        var kinds: Set<String> = []
        var shapes: Set<String> = []
        for (index, report) in reports where !report.accepted.isEmpty {
            let graph = EffectGraphGenerator.graph(seed: seeds[index])
            for declaration in graph.all {
                kinds.formUnion(declaration.requests.map { "\($0.kind)" })
                shapes.insert("\(declaration.place) \(declaration.key.map { "\($0.kind)" } ?? "root") \(declaration.effect)")
            }
        }
        #expect(kinds == Set(EffectGraph.RequestKind.allCases.map { "\($0)" }), "request kinds of accepted graphs: \(kinds.sorted())")
        let everyShape: Int = 2 * 4 * EffectGraph.Effect.allCases.count
        #expect(shapes.count == everyShape, "declarations of accepted graphs: \(shapes.sorted())")
    }

    @Test func theSeedsThatFoundBugsBuildWithoutATrap() async {
        for seed in Self.regressionSeeds {
            let report = await Self.check(seed: seed)
            #expect(report.problems.isEmpty, "seed \(seed): \(report.problems)")
        }
    }

    /// The child: checks the seeds from `WIRING_EFFECT_GRAPH_FIRST` on, printing a line before
    /// and after each, so that the parent knows which seed a trap stopped.
    /// Skipped, and reported as skipped by name, unless this process is that child.
    @Test(.enabled(if: isChild, "runs only as the child process of everyGraphOfAcceptsIsBuiltThroughEachEntryPointItAllowsWithoutATrap"))
    func aChildProcessChecksTheGraphsOfItsSeeds() async throws {
        let environment = ProcessInfo.processInfo.environment
        let first = try #require(
            environment["WIRING_EFFECT_GRAPH_FIRST"].flatMap(Int.init), "the child needs WIRING_EFFECT_GRAPH_FIRST, the index of its first seed"
        )
        let seeds = Self.seeds()
        for index in first..<seeds.count {
            Self.emit("start \(index)")
            let report = await Self.check(seed: seeds[index])
            Self.emit("done \(index) \(report.encoded)")
        }
    }

    // MARK: - One case

    struct CaseReport: Sendable {
        var accepted: [String] = []
        var built = 0
        var problems: [String] = []

        /// One line: `accepted=A,B built=N problems=<percent-encoded, ";"-separated>`.
        var encoded: String {
            let problemText = problems.map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "?" }.joined(separator: ";")
            return "accepted=\(accepted.joined(separator: ",")) built=\(built) problems=\(problemText)"
        }

        init() {}

        init?(encoded: String) {
            var fields: [String: String] = [:]
            for field in encoded.split(separator: " ") {
                guard let equals = field.firstIndex(of: "=") else { return nil }
                fields[String(field[..<equals])] = String(field[field.index(after: equals)...])
            }
            guard let accepted = fields["accepted"], let built = fields["built"].flatMap(Int.init), let problems = fields["problems"] else { return nil }
            self.accepted = accepted.split(separator: ",").map(String.init)
            self.built = built
            self.problems = problems.split(separator: ";").map { $0.removingPercentEncoding ?? String($0) }
        }
    }

    /// Checks one graph against the reference checker for each entry point, and builds it
    /// through each entry point that accepts it.
    static func check(seed: UInt64) async -> CaseReport {
        let graph = EffectGraphGenerator.graph(seed: seed)
        let checker = EffectReferenceChecker(graph: graph)
        var report = CaseReport()
        for entry in EffectReferenceChecker.Entry.allCases {
            let expected = checker.expectedDiagnostics(for: entry)
            do {
                let build = try EffectScenario.$current.withValue(graph) { () throws(ValidationError) in try Self.builder(for: entry) }
                if !expected.isEmpty {
                    report.problems.append("\(entry).of accepted the graph; expected diagnostics at lines \(expected.sorted { $0.key < $1.key })")
                }
                // Built even when the reference checker disagrees: no graph `of` accepts may trap.
                report.accepted.append("\(entry)")
                try await build().exercise(exerciseDepth)
                report.built += 1
            } catch let error as ValidationError {
                var found: [Int: Int] = [:]
                for diagnostic in error.diagnostics {
                    guard diagnostic.kind == .unhandledEffect, let line = diagnostic.location?.line else {
                        report.problems.append("\(entry).of reported an unexpected diagnostic: \(diagnostic)")
                        continue
                    }
                    found[line, default: 0] += 1
                }
                if found != expected {
                    report.problems.append("""
                        \(entry).of reported diagnostics at lines \(found.sorted { $0.key < $1.key }), \
                        expected \(expected.sorted { $0.key < $1.key }):
                        \(error)
                        """)
                }
            } catch {
                report.problems.append("building through \(entry) threw: \(error)")
            }
        }
        if !report.problems.isEmpty {
            report.problems.append("the graph:\n\(graph)")
        }
        return report
    }

    /// `of` for an entry point, and how to build the root with what it returned.
    private static func builder(for entry: EffectReferenceChecker.Entry) throws(ValidationError) -> @Sendable () async throws -> EffectMade {
        switch entry {
        case .synchronous:
            let factory = try ComponentFactory.of(EffectParent.self, rules: [])
            return { factory.build().made }
        case .mainActor:
            let factory = try MainActorComponentFactory.of(EffectParent.self)
            return { try await MainActor.run { try factory.build() }.made }
        case .async:
            let factory = try AsyncComponentFactory.of(EffectParent.self)
            return { try await factory.build().made }
        }
    }

    // MARK: - The child process

    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data("\(outputPrefix) \(line)\n".utf8))
    }

    struct ChildRun: Sendable {
        var reports: [Int: CaseReport] = [:]
        /// The seed a trap stopped: started, never done.
        var trappedIndex: Int?
        var exitedCleanly = false
        var output = ""
    }

    /// `runChild(from:)` on a thread of its own: waiting for the child blocks, and a blocked
    /// thread of the cooperative pool (two on a two-core machine) starves the suites that run
    /// meanwhile, such as ContainerStressTests, whose shared factories wait on each other.
    private static func runChildOffThePool(from first: Int) async throws -> ChildRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runChild(from: first) }) }.start()
        }
    }

    /// Runs this test binary again on the seeds from index `first` on.
    private static func runChild(from first: Int) throws -> ChildRun {
        let process = Process()
        // This very test binary; `swift test` runs it with the same arguments.
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--testing-library", "swift-testing", "--filter", "aChildProcessChecksTheGraphsOfItsSeeds"]
        var environment = ProcessInfo.processInfo.environment
        environment["WIRING_EFFECT_GRAPH_CHILD"] = "1"
        environment["WIRING_EFFECT_GRAPH_FIRST"] = "\(first)"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var run = ChildRun()
        run.output = String(decoding: data, as: UTF8.self)
        run.exitedCleanly = process.terminationReason == .exit && process.terminationStatus == 0
        var started: Int?
        for line in run.output.split(separator: "\n") where line.hasPrefix(outputPrefix + " ") {
            let fields = line.dropFirst(outputPrefix.count + 1).split(separator: " ", maxSplits: 2)
            guard fields.count >= 2, let index = Int(fields[1]) else { continue }
            if fields[0] == "start" {
                started = index
            } else if fields[0] == "done", let report = CaseReport(encoded: fields.count > 2 ? String(fields[2]) : "") {
                run.reports[index] = report
                started = nil
            }
        }
        if !run.exitedCleanly { run.trappedIndex = started }
        return run
    }
}
