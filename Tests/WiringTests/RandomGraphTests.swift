import Foundation
import SeededRandom
import Testing
import Wiring

/// Thousands of seeded random graphs, declared through the public API: random bindings of a
/// pool of node types, shared or not, with parameters of every kind (`T`, `T?`, `() -> T`,
/// `Provider`, `Lazy`, `TaggedProvider`, `[T]`, `[Int: T]`, `[Int: Provider<T>]`), missing keys,
/// duplicates, collection contributions, map entries under keys drawn from a small pool (so that
/// two entries sometimes share a key), maps also bound whole or declared with `declareMap`, and
/// loops (through providers, which are legal, and without them, which are not).
///
/// For each graph, `ComponentFactory.of` must either throw the diagnostics that
/// `ReferenceGraphChecker` predicts from the graph's description, or build a component in which
/// every bound key resolves to the values its declarations make, shared ones once per build.
///
/// A failure names the case's seed; `WIRING_RANDOM_GRAPH_SEED=<seed> swift test --filter
/// RandomGraphTests` replays that case alone, and `WIRING_RANDOM_GRAPH_TRACE=1` prints each seed
/// before its case, to find the case that crashes the process.
struct RandomGraphTests {
    /// Which of three kinds of request and key the generator may make for a seed. Each is on
    /// for three seeds in four, chosen by the seed, so that both branches run and a replayed
    /// seed makes the same graph; a failure prints them, which tells a failure of one diagnostic
    /// from the others.
    /// - `closuresOfUnboundTypes`: a declaration may take a closure parameter (`() -> T` or
    ///   `@Sendable () -> T`) of a type `T` that nothing binds. Wiring reports such a parameter
    ///   once, as the missing `T` (see `aMissingTypeRequestedAsAClosureIsReportedOnceAsThatType`),
    ///   which is what `ReferenceGraphChecker` predicts.
    /// - `providersOfWholeMaps`: a parameter may ask for a map bound only as a single value
    ///   (`bind([Int: Node<M>].self).to(...)`) as `[Int: Provider<Node<M>>]`. Such a map has no
    ///   entries to give a provider each, and Wiring reports the request against the map's key,
    ///   as `ReferenceGraphChecker` predicts. (Before that diagnostic, `build()` stopped the
    ///   process: seed 8362579466523667117.)
    /// - `duplicateKeysInMapsBoundWhole`: the entries of a map that is also bound whole may share
    ///   a key. Wiring reports the duplicate keys and the map bound both ways, whatever the order
    ///   of their declarations. (It once looked only at maps whose first declaration is an entry:
    ///   seed 4988489702438874487.)
    struct GeneratorSwitches: CustomStringConvertible {
        let closuresOfUnboundTypes: Bool
        let providersOfWholeMaps: Bool
        let duplicateKeysInMapsBoundWhole: Bool

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed ^ 0x5317_C4E5)
            closuresOfUnboundTypes = random.chance(75)
            providersOfWholeMaps = random.chance(75)
            duplicateKeysInMapsBoundWhole = random.chance(75)
        }

        var description: String {
            "closures of unbound types \(closuresOfUnboundTypes), providers of whole maps \(providersOfWholeMaps), "
                + "duplicate keys in maps bound whole \(duplicateKeysInMapsBoundWhole)"
        }
    }

    // Bounded by its count of seeds, not by a time limit: a busy machine makes it slower, not wrong.
    @Test func threeThousandRandomGraphsAreBuiltOrRejectedExactlyAsTheReferenceCheckerPredicts() throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let replay = environment["WIRING_RANDOM_GRAPH_SEED"].flatMap(UInt64.init) {
            seeds = [replay]
        } else {
            var seeder = SplitMix64(seed: 0x5EED_2026)
            seeds = (0..<3_000).map { _ in seeder.next() }
        }
        let tracing = environment["WIRING_RANDOM_GRAPH_TRACE"] != nil
        var coverage = Coverage()
        var failures: [String] = []
        for seed in seeds {
            if tracing { print("RandomGraphTests: seed \(seed)") }
            let switches = GeneratorSwitches(seed: seed)
            coverage.count(switches)
            let graph = GraphGenerator.graph(
                seed: seed,
                closuresOfUnboundTypes: switches.closuresOfUnboundTypes,
                providersOfWholeMaps: switches.providersOfWholeMaps,
                duplicateKeysInMapsBoundWhole: switches.duplicateKeysInMapsBoundWhole
            )
            let verdict = ReferenceGraphChecker(graph).verdict()
            coverage.count(graph, verdict)
            let problems = check(graph, verdict)
            if !problems.isEmpty, failures.count < 5 {
                failures.append("""
                    seed \(seed) (replay with WIRING_RANDOM_GRAPH_SEED=\(seed)), \(switches):
                    \(problems.map { "  - \($0)" }.joined(separator: "\n"))
                    \(graph)
                    """)
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n\n")))
        guard seeds.count > 1 else { return }
        // The generator must keep making every kind of graph, valid and not.
        #expect(coverage.valid > 1_000 && coverage.invalid > 1_000, "\(coverage)")
        #expect(coverage.validWithDeferredLoops > 200 && coverage.validWithSharing > 1_000, "\(coverage)")
        #expect(coverage.missing > 300 && coverage.duplicates > 300 && coverage.mixed > 50 && coverage.cycles > 300, "\(coverage)")
        #expect(coverage.validWithMaps > 1_000 && coverage.validWithMapLoops > 400 && coverage.validWithEmptyMaps > 100, "\(coverage)")
        #expect(coverage.duplicateMapKeys > 300 && coverage.mixedMaps > 250 && coverage.missingMaps > 250 && coverage.cyclesThroughMaps > 150, "\(coverage)")
        #expect(coverage.requestKinds == Set(GeneratedGraph.Request.Kind.allCases))
        #expect(coverage.switches.count == 6, "both values of each generator switch: \(coverage.switches.sorted())")
        #expect(coverage.shapes == [
            "plain unique", "tagged unique", "collection unique", "collection element", "collection elements",
            "map unique", "map entry", "map declared",
        ])
    }

    // MARK: - One case

    /// Everything wrong with Wiring's handling of one graph; empty when it behaved.
    private func check(_ graph: GeneratedGraph, _ verdict: ReferenceGraphChecker.Verdict) -> [String] {
        let scenario = Scenario(graph: graph)
        let outcome = Scenario.$current.withValue(scenario) {
            Result { () throws(ValidationError) in try ComponentFactory.of(RandomGraphRoot.self, rules: []) }
        }
        switch (outcome, verdict.isValid) {
        case let (.success(factory), true):
            return ValueChecker.check(factory, scenario)
        case (.success, false):
            return ["of built the graph; the reference checker expected \(verdict)"]
        case let (.failure(error), true):
            return ["of threw although the graph is valid:\n\(error)"]
        case let (.failure(error), false):
            return DiagnosticComparison.problems(error, verdict, ReferenceGraphChecker(graph))
        }
    }
}


// MARK: - Fixtures: the closure bug

private struct Unbound {}

private struct Needy {
    init(unbound: () -> Unbound) {}
}

private struct MissingClosureRoot: RootComponent {
    typealias Root = Int

    static func configure(binder: Binder<Singleton>) {
        binder.bind(Needy.self, file: "App/Needy.swift", line: 1).to { (unbound: @escaping () -> Unbound) in Needy(unbound: unbound) }
    }

    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "App/Root.swift", line: 2) { (_: Needy, _: @escaping @Sendable () -> Unbound) in 0 }
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `RandomGraphTests.aMissingTypeRequestedAsAClosureIsReportedOnceAsThatType`.
    enum MissingTypeRequestedAsAClosureIsReportedOnceAsThatType: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MissingClosureRoot.self) }
    }
}
