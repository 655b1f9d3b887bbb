import LinkedWiringScanner
import SeededRandom
import Testing
import Wiring

/// The build-time checks against `of` on random graphs: each graph of `GraphGenerator`, rendered
/// as the source of its root component (`RenderedGraph`), is read by `GraphCheck` and validated
/// by `ComponentFactory.of`. Every static error must be a diagnostic of `of` of the same kind at
/// the same file and line, and a graph `of` accepts must get no static error at all.
struct RandomGraphStaticCheckTests {
    /// A diagnostic's kind in the words the checks and `of` share.
    static func kind(of message: String) -> String {
        if message.contains("is never finished") { return "unfinished" }
        if message.contains("is called outside a private module") || message.contains(" is kept private by ") { return "private" }
        if message.contains("has more than one entry under the key") { return "mapKey" }
        if message.hasPrefix("Missing binding for") { return "missing" }
        if message.hasPrefix("Dependency cycle") { return "cycle" }
        if message.contains("is bound more than once") || message.contains("is bound by more than one linked wiring library") {
            return "duplicate"
        }
        return "other"
    }

    static func kind(of diagnostic: Diagnostic) -> String {
        switch diagnostic.kind {
        case .missingBinding: "missing"
        case .dependencyCycle: "cycle"
        case .duplicateBinding: "duplicate"
        case .duplicateMapKey: "mapKey"
        case .privateBinding: "private"
        case .unfinishedBinding: "unfinished"
        default: "other"
        }
    }

    // Bounded by its count of seeds, not by a time limit.
    @Test func everyStaticErrorOnARandomGraphIsADiagnosticOfOfAtItsLine() throws {
        var seeder = SplitMix64(seed: 0x35_57A7_1C)
        var failures: [String] = []
        var agreed: [String: Int] = [:]
        var accepted = 0
        for _ in 0..<300 {
            let seed = seeder.next()
            let switches = RandomGraphTests.GeneratorSwitches(seed: seed)
            let graph = GraphGenerator.graph(
                seed: seed, closuresOfUnboundTypes: switches.closuresOfUnboundTypes, providersOfWholeMaps: switches.providersOfWholeMaps,
                duplicateKeysInMapsBoundWhole: switches.duplicateKeysInMapsBoundWhole
            )
            let outcome = Scenario.$current.withValue(Scenario(graph: graph)) {
                Result { () throws(ValidationError) in try ComponentFactory.of(RandomGraphRoot.self, rules: []) }
            }
            var expected: Set<String> = []
            if case let .failure(error) = outcome {
                for diagnostic in error.diagnostics {
                    guard let location = diagnostic.location else { continue }
                    expected.insert("\(location.fileID):\(location.line) \(Self.kind(of: diagnostic))")
                }
            } else {
                accepted += 1
            }
            let source = RenderedGraph.source(of: graph)
            let file = try FileScanner.scan(text: source, path: "\(Scenario.file)")
            let library = GraphCheck.Library(module: "RandomWiring", files: [file], dependencies: [])
            let problems = try #require(GraphCheck.run(libraries: [library], core: [], root: "RandomGraphRoot"))
            for problem in problems where problem.severity == .error {
                let kind = Self.kind(of: problem.message)
                let place = "\(problem.siteFileID ?? ""):\(problem.siteLine ?? 0) \(kind)"
                if expected.contains(place) {
                    agreed[kind, default: 0] += 1
                } else if failures.count < 5 {
                    failures.append("seed \(seed): the build-time check reports \(place), which `of` does not: \(problem.message)\n\(source)")
                }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n\n")))
        // Not vacuous: `of` accepts many of the graphs, and the checks agree with it on each kind
        // they can see in them.
        #expect(accepted > 100, "\(accepted)")
        #expect(agreed.keys.sorted() == ["cycle", "duplicate", "mapKey", "missing"], "\(agreed)")
        print("RandomGraphStaticCheckTests: \(accepted) graphs accepted; static errors agreed by kind: \(agreed.sorted { $0.key < $1.key })")
    }
}
