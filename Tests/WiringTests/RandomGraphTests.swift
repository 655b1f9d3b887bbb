import Foundation
import SeededRandom
import Synchronization
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
    /// Whether the generator may give a declaration a closure parameter (`() -> T` or
    /// `@Sendable () -> T`) of a type `T` that nothing binds. It does: Wiring reports such a
    /// parameter once, as the missing `T` (see
    /// `aMissingTypeRequestedAsAClosureIsReportedOnceAsThatType`), which is what
    /// `ReferenceGraphChecker` predicts. Setting this to false leaves those parameters out, to
    /// tell a failure of that diagnostic from the others.
    static let generatesClosuresOfUnboundTypes = true

    /// Whether the generator may ask for a map bound only as a single value
    /// (`bind([Int: Node<M>].self).to(...)`) as `[Int: Provider<Node<M>>]`, in a parameter. It
    /// does: such a map has no entries to give a provider each, and Wiring reports the request
    /// against the map's key, as `ReferenceGraphChecker` predicts. (Before that diagnostic,
    /// `build()` stopped the process: seed 8362579466523667117.) Setting this to false leaves
    /// those requests out.
    static let requestsProvidersOfWholeMaps = true

    /// Whether the entries of a map that is also bound whole may share a key. They may: Wiring
    /// reports the duplicate keys and the map bound both ways, whatever the order of their
    /// declarations. (It once looked only at maps whose first declaration is an entry: seed
    /// 4988489702438874487.) Setting this to false keeps such keys distinct.
    static let generatesDuplicateKeysInMapsBoundWhole = true

    @Test(.timeLimit(.minutes(1)))
    func threeThousandRandomGraphsAreBuiltOrRejectedExactlyAsTheReferenceCheckerPredicts() throws {
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
            let graph = GraphGenerator.graph(
                seed: seed,
                closuresOfUnboundTypes: Self.generatesClosuresOfUnboundTypes,
                providersOfWholeMaps: Self.requestsProvidersOfWholeMaps,
                duplicateKeysInMapsBoundWhole: Self.generatesDuplicateKeysInMapsBoundWhole
            )
            let verdict = ReferenceGraphChecker(graph).verdict()
            coverage.count(graph, verdict)
            let problems = check(graph, verdict)
            if !problems.isEmpty, failures.count < 5 {
                failures.append("""
                    seed \(seed) (replay with WIRING_RANDOM_GRAPH_SEED=\(seed)):
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
        #expect(coverage.shapes == [
            "plain unique", "tagged unique", "collection unique", "collection element", "collection elements",
            "map unique", "map entry", "map declared",
        ])
    }

    @Test
    func aMissingTypeRequestedAsAClosureIsReportedOnceAsThatType() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MissingClosureRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            Missing binding for Unbound.
              required by Needy (as () -> Unbound) at App/Needy.swift:1
              required by the root of MissingClosureRoot (as @Sendable () -> Unbound) at App/Root.swift:2
              To fix this, bind it with binder.bind(Unbound.self).to(...) in a module that MissingClosureRoot includes, or include the module that binds it.
            """])
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

// MARK: - Coverage

/// How many graphs of each kind the generator made, so that a change to it cannot quietly stop
/// testing something.
private struct Coverage: CustomStringConvertible {
    var valid = 0
    var invalid = 0
    /// Valid graphs with a loop through a `Provider` or a closure parameter.
    var validWithDeferredLoops = 0
    /// Valid graphs with a shared declaration.
    var validWithSharing = 0
    var missing = 0
    var duplicates = 0
    var mixed = 0
    var cycles = 0
    /// Valid graphs with a map that has values: entries, or a whole dictionary.
    var validWithMaps = 0
    /// Valid graphs with a loop through a map, which a deferred parameter breaks.
    var validWithMapLoops = 0
    /// Valid graphs that ask for a map only `declareMap` binds, which is empty.
    var validWithEmptyMaps = 0
    /// Graphs with two entries of one map under one key.
    var duplicateMapKeys = 0
    /// Graphs with a map also bound whole.
    var mixedMaps = 0
    /// Graphs with a missing map.
    var missingMaps = 0
    /// Graphs with a loop of construction needs through a map.
    var cyclesThroughMaps = 0
    var requestKinds: Set<GeneratedGraph.Request.Kind> = []
    var shapes: Set<String> = []

    mutating func count(_ graph: GeneratedGraph, _ verdict: ReferenceGraphChecker.Verdict) {
        if verdict.isValid {
            valid += 1
            validWithDeferredLoops += Self.hasLoop(graph) ? 1 : 0
            validWithSharing += graph.declarations.contains(where: \.isShared) ? 1 : 0
            validWithMaps += graph.declarations.contains { $0.key.kind == .map && $0.shape != .declared } ? 1 : 0
            validWithMapLoops += Self.hasLoop(graph, through: .map) ? 1 : 0
            validWithEmptyMaps += Self.asksForAnEmptyMap(graph) ? 1 : 0
        } else {
            invalid += 1
        }
        missing += verdict.missing.isEmpty ? 0 : 1
        duplicates += verdict.duplicates.isEmpty ? 0 : 1
        mixed += verdict.mixed.isEmpty ? 0 : 1
        cycles += verdict.cycles.isEmpty ? 0 : 1
        duplicateMapKeys += verdict.duplicateMapKeys.isEmpty ? 0 : 1
        mixedMaps += verdict.mixed.contains { $0.kind == .map } ? 1 : 0
        missingMaps += verdict.missing.contains { $0.kind == .map } ? 1 : 0
        cyclesThroughMaps += verdict.cycles.contains { $0.contains { $0.kind == .map } } ? 1 : 0
        for declaration in graph.declarations {
            requestKinds.formUnion(declaration.requests.map(\.kind))
            shapes.insert("\(declaration.key.kind) \(declaration.shape)")
        }
    }

    var description: String {
        "\(valid) valid (\(validWithDeferredLoops) with a loop through a provider or closure, \(validWithSharing) with sharing), "
            + "\(invalid) invalid (\(missing) with missing keys, \(duplicates) with duplicates, \(mixed) with a collection or map also bound whole, "
            + "\(cycles) with loops); maps: \(validWithMaps) valid graphs with maps (\(validWithMapLoops) with a loop through one, "
            + "\(validWithEmptyMaps) asking for an empty declared map), "
            + "\(duplicateMapKeys) graphs with two entries under one key, \(mixedMaps) with a map also bound whole, "
            + "\(missingMaps) with a missing map, \(cyclesThroughMaps) with a loop through a map"
    }

    /// Whether a parameter asks for a map that only `declareMap` binds.
    private static func asksForAnEmptyMap(_ graph: GeneratedGraph) -> Bool {
        let requests = graph.declarations.flatMap(\.requests) + (graph.rootRequest.map { [$0] } ?? [])
        return requests.contains { request in
            let declarations = graph.declarations(of: request.target)
            return request.target.kind == .map && !declarations.isEmpty && declarations.allSatisfy { graph.declarations[$0].shape == .declared }
        }
    }

    /// Whether the graph has a loop once every parameter, deferred or not, counts as an edge;
    /// with `kind`, a loop through a key of that kind.
    private static func hasLoop(_ graph: GeneratedGraph, through kind: GeneratedGraph.Key.Kind? = nil) -> Bool {
        var edges: [GeneratedGraph.Key: Set<GeneratedGraph.Key>] = [:]
        for declaration in graph.declarations {
            for request in declaration.requests where graph.binds(request.target) {
                edges[declaration.key, default: []].insert(request.target)
            }
        }
        func reaches(_ start: GeneratedGraph.Key, _ goal: GeneratedGraph.Key, _ visited: inout Set<GeneratedGraph.Key>) -> Bool {
            for next in edges[start] ?? [] {
                if next == goal { return true }
                if visited.insert(next).inserted, reaches(next, goal, &visited) { return true }
            }
            return false
        }
        return graph.boundKeys.contains { key in
            guard kind == nil || key.kind == kind else { return false }
            var visited: Set<GeneratedGraph.Key> = []
            return reaches(key, key, &visited)
        }
    }
}

// MARK: - Comparing diagnostics

/// Compares the diagnostics of a `ValidationError` with the reference checker's verdict.
private enum DiagnosticComparison {
    static func problems(_ error: ValidationError, _ verdict: ReferenceGraphChecker.Verdict, _ reference: ReferenceGraphChecker) -> [String] {
        var problems: [String] = []
        var found = ReferenceGraphChecker.Verdict()
        var loops: [[GeneratedGraph.Key]] = []
        for diagnostic in error.diagnostics {
            let headline = String(diagnostic.message.prefix { $0 != "\n" })
            switch diagnostic.kind {
            case .missingBinding:
                if let key = key(in: headline, prefix: "Missing binding for ", suffix: ".")
                    ?? key(in: headline, prefix: "", suffix: " is bound as a single value, so it has no entries to give one provider each.") {
                    found.missing.insert(key)
                    continue
                }
            case .duplicateBinding:
                if let key = key(in: headline, prefix: "", suffix: " is bound more than once.") {
                    found.duplicates.insert(key)
                    continue
                }
                if let key = key(in: headline, prefix: "", suffix: " is bound both as a single value and as a collection."), key.kind == .collection {
                    found.mixed.insert(key)
                    continue
                }
                if let key = key(in: headline, prefix: "", suffix: " is bound both as a single value and as a map."), key.kind == .map {
                    found.mixed.insert(key)
                    continue
                }
            case .duplicateMapKey:
                if let entry = mapEntryKey(in: headline) {
                    found.duplicateMapKeys.insert(entry)
                    continue
                }
            case .dependencyCycle:
                if headline.hasPrefix("Dependency cycle: "), headline.hasSuffix(".") {
                    let names = headline.dropFirst("Dependency cycle: ".count).dropLast().components(separatedBy: " -> ")
                    let keys = names.compactMap { keysByName[$0] }
                    if keys.count == names.count, keys.count >= 2 {
                        loops.append(keys)
                        continue
                    }
                }
            default:
                break
            }
            problems.append("unexpected diagnostic (\(diagnostic.kind)): \(diagnostic.message)")
        }
        if found.missing != verdict.missing {
            problems.append("missing keys: Wiring reported \(sorted(found.missing)), the reference expects \(sorted(verdict.missing))")
        }
        if found.duplicates != verdict.duplicates {
            problems.append("duplicate keys: Wiring reported \(sorted(found.duplicates)), the reference expects \(sorted(verdict.duplicates))")
        }
        if found.mixed != verdict.mixed {
            problems.append("value-and-collection keys: Wiring reported \(sorted(found.mixed)), the reference expects \(sorted(verdict.mixed))")
        }
        if found.duplicateMapKeys != verdict.duplicateMapKeys {
            problems.append(
                "map keys with several entries: Wiring reported \(sorted(found.duplicateMapKeys)), the reference expects \(sorted(verdict.duplicateMapKeys))"
            )
        }
        problems += loopProblems(loops, verdict.cycles, reference)
        if error.diagnostics.count != verdict.diagnosticCount {
            problems.append("Wiring reported \(error.diagnostics.count) diagnostics, the reference expects \(verdict.diagnosticCount)")
        }
        return problems
    }

    /// Each reported loop must be a real loop of construction edges, each of its keys named once,
    /// all inside one of the expected groups; and each expected group reported exactly once.
    private static func loopProblems(_ loops: [[GeneratedGraph.Key]], _ cycles: [Set<GeneratedGraph.Key>], _ reference: ReferenceGraphChecker) -> [String] {
        var problems: [String] = []
        var reported = [Int](repeating: 0, count: cycles.count)
        for loop in loops {
            let name = loop.map(\.description).joined(separator: " -> ")
            let members = loop.dropLast()
            guard loop.first == loop.last, Set(members).count == members.count else {
                problems.append("the reported loop \(name) does not return to its start exactly once")
                continue
            }
            for (from, to) in zip(loop, loop.dropFirst()) where !reference.needs(from, to) {
                problems.append("the reported loop \(name) has a step \(from) -> \(to) that is not needed at construction")
            }
            guard let group = cycles.firstIndex(where: { $0.isSuperset(of: members) }) else {
                problems.append("the reported loop \(name) is inside none of the expected groups \(cycles.map { sorted($0) })")
                continue
            }
            reported[group] += 1
        }
        for (group, count) in zip(cycles, reported) where count != 1 {
            problems.append("the loop group \(sorted(group)) was reported \(count) times, expected once")
        }
        return problems
    }

    private static func key(in headline: String, prefix: String, suffix: String) -> GeneratedGraph.Key? {
        guard headline.hasPrefix(prefix), headline.hasSuffix(suffix) else { return nil }
        return keysByName[String(headline.dropFirst(prefix.count).dropLast(suffix.count))]
    }

    /// The map and key of `<map> has more than one entry under the key <key>.`, the key printed
    /// as code writes it (`2`).
    private static func mapEntryKey(in headline: String) -> GeneratedGraph.MapEntryKey? {
        let separator = " has more than one entry under the key "
        guard headline.hasSuffix("."), let range = headline.range(of: separator),
              let map = keysByName[String(headline[..<range.lowerBound])], map.kind == .map,
              let key = Int(headline[range.upperBound...].dropLast())
        else { return nil }
        return GeneratedGraph.MapEntryKey(map: map, key: key)
    }

    private static func sorted<Element: Comparable & CustomStringConvertible>(_ keys: Set<Element>) -> String {
        "[" + keys.sorted().map(\.description).joined(separator: ", ") + "]"
    }

    private static let keysByName: [String: GeneratedGraph.Key] = Dictionary(uniqueKeysWithValues:
        (0..<GraphGenerator.maximumNodeCount).flatMap { node in
            GeneratedGraph.Key.Kind.allCases.map { kind in
                let key = GeneratedGraph.Key(kind: kind, node: node)
                return (key.description, key)
            }
        }
    )
}

// MARK: - Checking a built graph

/// Checks a built graph: `build()` made exactly what the parameters needed at construction call
/// for, so a provider, a closure or a `[Int: Provider<T>]` made nothing yet; every bound key
/// resolves, through the probes of its provider, to the values its declarations make (a
/// collection's in declaration order, a map's each under its key: a dictionary has no order);
/// each value's parameters received the values of the keys they asked for; each provider of a
/// `[Int: Provider<T>]` makes its own entry when called, and only then; a shared declaration is
/// made once per build and is the same instance everywhere in that build, and never the
/// instance of another build.
private struct ValueChecker {
    private let graph: GeneratedGraph
    private let constructions: ConstructionCounter
    private var problems: [String] = []
    /// The one instance of each element of a shared declaration in this build.
    private(set) var sharedInstances: [ElementID: Made] = [:]
    private var unsharedSeen: Set<ObjectIdentifier> = []
    /// Keeps every unshared value alive, so that no two of them can have the same identity.
    private var keptAlive: [Made] = []

    struct ElementID: Hashable {
        let declaration: Int
        let element: Int

        init(declaration: Int, element: Int) {
            self.declaration = declaration
            self.element = element
        }

        init(_ made: Made) {
            self.init(declaration: made.declaration, element: made.element)
        }
    }

    private init(graph: GeneratedGraph, constructions: ConstructionCounter) {
        self.graph = graph
        self.constructions = constructions
    }

    static func check(_ factory: ComponentFactory<RandomGraphRoot>, _ scenario: Scenario) -> [String] {
        var builds: [ValueChecker] = []
        var problems: [String] = []
        for build in 1...2 {
            scenario.constructions.reset()
            var checker = ValueChecker(graph: scenario.graph, constructions: scenario.constructions)
            let root = factory.build()
            checker.checkConstructionsAtBuild()
            checker.check(root)
            for (index, declaration) in scenario.graph.declarations.enumerated() where declaration.isShared {
                let made = scenario.constructions.count(of: index)
                if made != 1 {
                    checker.problems.append("build \(build): the shared declaration #\(index) was made \(made) times")
                }
            }
            problems += checker.problems.map { "build \(build): \($0)" }
            builds.append(checker)
        }
        let first = Set(builds[0].sharedInstances.values.map(ObjectIdentifier.init))
        let second = Set(builds[1].sharedInstances.values.map(ObjectIdentifier.init))
        if !first.isDisjoint(with: second) {
            problems.append("two builds share \(first.intersection(second).count) instances")
        }
        return problems
    }

    /// Compares what `build()` made with what the root's parameters need at construction, so
    /// that an entry of a `[Int: Provider<T>]`, or anything else deferred, made early shows.
    private mutating func checkConstructionsAtBuild() {
        let expected = Self.constructionsAtBuild(graph)
        let actual = graph.declarations.indices.map(constructions.count(of:))
        if actual != expected {
            problems.append("build() made the declarations \(actual) times, expected \(expected)")
        }
    }

    /// How many times `build()` makes each declaration: an unshared one each time a value
    /// needed at construction is its key's, a shared one once if ever, a `declareMap` never.
    private static func constructionsAtBuild(_ graph: GeneratedGraph) -> [Int] {
        var counts = [Int](repeating: 0, count: graph.declarations.count)
        func resolve(_ key: GeneratedGraph.Key) {
            for index in graph.declarations(of: key) where graph.declarations[index].shape != .declared {
                let declaration = graph.declarations[index]
                if declaration.isShared, counts[index] > 0 { continue }
                for request in declaration.requests where request.isImmediate {
                    resolve(request.target)
                }
                counts[index] += 1
            }
        }
        if let request = graph.rootRequest, request.isImmediate {
            resolve(request.target)
        }
        return counts
    }

    private mutating func check(_ root: RandomRoot) {
        guard case let .probes(probes)? = root.observations.first else {
            problems.append("the root did not receive its probes first")
            return
        }
        let expectedProbes = Scenario.probes(of: graph)
        if probes.map(\.request) != expectedProbes {
            problems.append("the probes are \(probes.map(\.request)), expected \(expectedProbes)")
        }
        for probe in probes {
            // Twice: a shared declaration must give the same instance, another a new one.
            for _ in 1...2 {
                observe(probe.observation, of: probe.request.target, at: "probe \(probe.request)", checkingParameters: true)
            }
        }
        if let request = graph.rootRequest, root.observations.count == 2 {
            observe(root.observations[1], of: request.target, at: "root parameter \(request)", checkingParameters: false)
        } else if root.observations.count != (graph.rootRequest == nil ? 1 : 2) {
            problems.append("the root received \(root.observations.count) parameters")
        }
    }

    /// Resolves an observation now if it was deferred, and checks the values against the
    /// declarations of `target`.
    private mutating func observe(_ observation: Observation, of target: GeneratedGraph.Key, at place: String, checkingParameters: Bool) {
        switch observation {
        case let .now(values): check(values, of: target, at: place, checkingParameters: checkingParameters)
        case let .later(resolve): check(resolve(), of: target, at: place, checkingParameters: checkingParameters)
        case let .entries(map): check(map, of: target, at: place, checkingParameters: checkingParameters)
        case let .laterEntries(resolve): check(resolve(), of: target, at: place, checkingParameters: checkingParameters)
        case let .entryProviders(providers): check(providers, of: target, at: place, checkingParameters: checkingParameters)
        case .probes: problems.append("\(place): received probes")
        }
    }

    /// Checks the values of a key other than a map: every element of each declaration, in
    /// declaration order (none for a `T?` whose `T` is unbound).
    private mutating func check(_ values: [Made], of target: GeneratedGraph.Key, at place: String, checkingParameters: Bool) {
        let expected: [ElementID] = graph.declarations(of: target).flatMap { declaration in
            (0..<graph.declarations[declaration].elementCount).map { ElementID(declaration: declaration, element: $0) }
        }
        let actual = values.map(ElementID.init)
        guard actual == expected, values.allSatisfy({ $0.key == target }) else {
            problems.append("\(place): received \(values.map { "\($0.key)#\($0.declaration).\($0.element)" }), expected \(expected.map { "\(target)#\($0.declaration).\($0.element)" })")
            return
        }
        for made in values {
            visit(made, at: place, checkingParameters: checkingParameters)
        }
    }

    /// Checks the values of a map, compared by key.
    private mutating func check(_ values: [Int: Made], of target: GeneratedGraph.Key, at place: String, checkingParameters: Bool) {
        let expected = expectedEntries(of: target)
        guard values.mapValues(ElementID.init) == expected, values.values.allSatisfy({ $0.key == target }) else {
            let received = values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.key)#\($0.value.declaration).\($0.value.element)" }
            problems.append("\(place): received \(received), expected \(describe(expected, of: target))")
            return
        }
        for key in values.keys.sorted() {
            if let made = values[key] { visit(made, at: place, checkingParameters: checkingParameters) }
        }
    }

    /// Checks the providers of a map's entries: one per key, each making its own entry when
    /// called and not before (an unshared entry anew each time).
    private mutating func check(_ providers: [Int: () -> Made], of target: GeneratedGraph.Key, at place: String, checkingParameters: Bool) {
        let expected = expectedEntries(of: target)
        guard Set(providers.keys) == Set(expected.keys) else {
            problems.append("\(place): received providers under the keys \(providers.keys.sorted()), expected \(describe(expected, of: target))")
            return
        }
        for key in providers.keys.sorted() {
            guard let provider = providers[key], let id = expected[key] else { continue }
            let declaration = graph.declarations[id.declaration]
            let before = constructions.count(of: id.declaration)
            let made = provider()
            let madeNow = constructions.count(of: id.declaration) - before
            if declaration.shape == .entry, madeNow != (declaration.isShared && before > 0 ? 0 : 1) {
                problems.append("\(place): the provider of the key \(key) made #\(id.declaration) \(madeNow) times (it had been made \(before) times)")
            }
            guard ElementID(made) == id, made.key == target else {
                problems.append("\(place): the provider of the key \(key) gave \(made.key)#\(made.declaration).\(made.element), expected \(target)#\(id.declaration).\(id.element)")
                continue
            }
            visit(made, at: place, checkingParameters: checkingParameters)
        }
    }

    /// The value each key of a map must have: the element of that index of the dictionary
    /// bound whole, or the entry contributed under that key.
    private func expectedEntries(of map: GeneratedGraph.Key) -> [Int: ElementID] {
        var expected: [Int: ElementID] = [:]
        for index in graph.declarations(of: map) {
            let declaration = graph.declarations[index]
            switch declaration.shape {
            case .unique:
                for element in 0..<declaration.elementCount {
                    expected[element] = ElementID(declaration: index, element: element)
                }
            case .entry:
                if let key = declaration.mapKey { expected[key] = ElementID(declaration: index, element: 0) }
            case .element, .elements, .declared:
                break
            }
        }
        return expected
    }

    private func describe(_ entries: [Int: ElementID], of map: GeneratedGraph.Key) -> String {
        "\(entries.sorted { $0.key < $1.key }.map { "\($0.key): \(map)#\($0.value.declaration).\($0.value.element)" })"
    }

    /// Records a value and, the first time, checks what its parameters received (for the first
    /// element of a declaration: the others received the same).
    private mutating func visit(_ made: Made, at place: String, checkingParameters: Bool) {
        let firstVisit = identify(made, at: place)
        if checkingParameters, firstVisit, made.element == 0 {
            checkParameters(of: made)
        }
    }

    /// Records a value; false when it was seen before (a shared instance).
    private mutating func identify(_ made: Made, at place: String) -> Bool {
        let id = ElementID(made)
        if graph.declarations[made.declaration].isShared {
            guard let earlier = sharedInstances[id] else {
                sharedInstances[id] = made
                return true
            }
            if earlier !== made {
                problems.append("\(place): the shared declaration #\(made.declaration) gave two instances in one build")
            }
            return false
        }
        if !unsharedSeen.insert(ObjectIdentifier(made)).inserted {
            problems.append("\(place): the unshared declaration #\(made.declaration) gave the same instance twice")
        }
        keptAlive.append(made)
        return true
    }

    private mutating func checkParameters(of made: Made) {
        let declaration = graph.declarations[made.declaration]
        guard made.observations.count == declaration.requests.count else {
            problems.append("#\(made.declaration) received \(made.observations.count) parameters, declared \(declaration.requests.count)")
            return
        }
        for (request, observation) in zip(declaration.requests, made.observations) {
            observe(observation, of: request.target, at: "#\(made.declaration)'s parameter \(request)", checkingParameters: false)
        }
    }
}

// MARK: - The generator

/// Makes a random graph from a seed: the same seed always makes the same graph.
private enum GraphGenerator {
    static let maximumNodeCount = 6
    /// How many keys the entries of a map are drawn from: few, so that two entries of an
    /// unsound graph's map often share one.
    static let mapKeyCount = 4

    /// The graph of a seed. About half the seeds make a graph meant to be sound: every key bound
    /// at most once, every parameter bound (or optional), and the parameters needed at
    /// construction pointing to lower nodes only, so that its loops all go through a provider or
    /// a closure. The others draw missing keys, duplicates, collections and maps also bound
    /// whole, entries of a map under one key, and loops of construction needs.
    ///
    /// A map gets a few entries under keys drawn from `mapKeyCount` (without repeats when
    /// sound), sometimes a binding of the whole dictionary instead (alongside, when unsound) and
    /// sometimes `declareMap` (once or twice), which is all that binds an empty map.
    static func graph(
        seed: UInt64, closuresOfUnboundTypes: Bool, providersOfWholeMaps: Bool, duplicateKeysInMapsBoundWhole: Bool
    ) -> GeneratedGraph {
        var random = SplitMix64(seed: seed)
        let nodeCount = 1 + random.below(maximumNodeCount)
        let sound = random.roll([50, 50]) == 1
        var planned: [(key: GeneratedGraph.Key, shape: GeneratedGraph.Declaration.Shape, mapKey: Int?)] = []
        for node in 0..<nodeCount {
            let plain = GeneratedGraph.Key(kind: .plain, node: node)
            for _ in 0..<(sound ? 1 : random.roll([12, 78, 10])) { planned.append((plain, .unique, nil)) }
            let tagged = GeneratedGraph.Key(kind: .tagged, node: node)
            for _ in 0..<random.roll(sound ? [40, 60] : [45, 50, 5]) { planned.append((tagged, .unique, nil)) }
            let collection = GeneratedGraph.Key(kind: .collection, node: node)
            let contributions = random.roll([40, 30, 20, 10])
            for _ in 0..<contributions {
                planned.append((collection, random.roll([50, 50]) == 0 ? .element : .elements, nil))
            }
            if random.roll([90, 10]) == 1, !sound || contributions == 0 { planned.append((collection, .unique, nil)) }
            let map = GeneratedGraph.Key(kind: .map, node: node)
            let entries = random.roll([35, 25, 20, 12, 8])
            let wholes = sound ? (entries == 0 ? random.roll([85, 15]) : 0) : random.roll([82, 15, 3])
            for _ in 0..<wholes { planned.append((map, .unique, nil)) }
            let distinctKeys = sound || (wholes > 0 && !duplicateKeysInMapsBoundWhole)
            var unusedMapKeys = Array(0..<mapKeyCount)
            for _ in 0..<entries {
                let mapKey = distinctKeys ? unusedMapKeys.remove(at: random.below(unusedMapKeys.count)) : random.below(mapKeyCount)
                planned.append((map, .entry, mapKey))
            }
            let declared = sound && wholes > 0 ? 0 : random.roll([75, 20, 5])
            for _ in 0..<declared { planned.append((map, .declared, nil)) }
        }
        random.shuffle(&planned)
        let bound = Set(planned.map(\.key))
        // The maps bound only whole, whose `[Int: Provider<T>]` may not be asked for.
        let wholeMaps = Set(planned.filter { $0.key.kind == .map && $0.shape == .unique }.map(\.key))
            .subtracting(planned.filter { $0.key.kind == .map && $0.shape != .unique }.map(\.key))
        func parameter(from node: Int) -> GeneratedGraph.Request? {
            for _ in 0..<20 {
                let request = request(from: node, nodeCount, &random)
                let isUnbound = !bound.contains(request.target)
                if isUnbound, request.kind == .closure || request.kind == .sendableClosure, !closuresOfUnboundTypes { continue }
                if request.kind == .mapProvider, wholeMaps.contains(request.target), !providersOfWholeMaps { continue }
                if sound, isUnbound, !request.acceptsAbsence { continue }
                if sound, request.isImmediate, request.node >= node { continue }
                return request
            }
            return nil
        }
        let declarations = planned.map { key, shape, mapKey in
            guard shape != .declared else {
                return GeneratedGraph.Declaration(key: key, shape: shape, isShared: false, requests: [], elementCount: 0)
            }
            return GeneratedGraph.Declaration(
                key: key,
                shape: shape,
                isShared: random.roll([60, 40]) == 1,
                requests: (0..<random.roll([25, 35, 22, 12, 6])).compactMap { _ in parameter(from: key.node) },
                elementCount: shape == .elements || (shape == .unique && key.kind != .plain && key.kind != .tagged) ? random.roll([10, 30, 40, 20]) : 1,
                mapKey: mapKey
            )
        }
        let rootRequest = random.roll([50, 50]) == 1 ? parameter(from: nodeCount) : nil
        return GeneratedGraph(nodeCount: nodeCount, declarations: declarations, rootRequest: rootRequest)
    }

    private static let requestKinds: [(kind: GeneratedGraph.Request.Kind, weight: Int)] = [
        (.plain, 30), (.optional, 10), (.closure, 6), (.sendableClosure, 6), (.provider, 12), (.lazy, 6),
        (.taggedProvider, 10), (.collection, 14), (.collectionProvider, 8), (.map, 12), (.mapProvider, 8), (.providerOfMap, 4),
    ]

    /// A parameter of any kind, mostly for a node below `node`, so that loops of construction
    /// needs stay the exception.
    private static func request(from node: Int, _ nodeCount: Int, _ random: inout SplitMix64) -> GeneratedGraph.Request {
        let kind = requestKinds[random.roll(requestKinds.map(\.weight))].kind
        let downward = node > 0 && random.roll([15, 85]) == 1
        return GeneratedGraph.Request(kind: kind, node: random.below(downward ? node : nodeCount))
    }
}

// MARK: - Fixtures: the node types

private protocol NodeMarker: SendableMetatype {}
private enum M0: NodeMarker {}
private enum M1: NodeMarker {}
private enum M2: NodeMarker {}
private enum M3: NodeMarker {}
private enum M4: NodeMarker {}
private enum M5: NodeMarker {}

/// Calls `visitor` with the marker type of node `index`.
///
/// Never specialised, nor is `withParameter`: specialised, the two would make the optimiser of a
/// release build specialise the visitors for every combination of markers and parameters, which
/// ran out of memory at 10 GB.
@_semantics("optimize.sil.specialize.generic.never")
private func withMarker<V: MarkerVisitor>(_ index: Int, _ visitor: V) -> V.Result {
    switch index {
    case 0: visitor.visit(M0.self)
    case 1: visitor.visit(M1.self)
    case 2: visitor.visit(M2.self)
    case 3: visitor.visit(M3.self)
    case 4: visitor.visit(M4.self)
    default: visitor.visit(M5.self)
    }
}

private protocol MarkerVisitor {
    associatedtype Result
    func visit<M: NodeMarker>(_ marker: M.Type) -> Result
}

/// The value of every key: which declaration made it, which of its elements it is, and what its
/// factory's parameters received.
private struct Node<M: NodeMarker> {
    let made: Made
}

private enum Label<M: NodeMarker>: Wiring.Tag {
    typealias Element = Node<M>
}

private final class Made {
    let key: GeneratedGraph.Key
    let declaration: Int
    let element: Int
    let observations: [Observation]

    init(key: GeneratedGraph.Key, declaration: Int, element: Int, observations: [Observation]) {
        self.key = key
        self.declaration = declaration
        self.element = element
        self.observations = observations
    }
}

/// What one factory parameter received: values now, or a way to get them later; for a map,
/// its values by key, or a way to get each.
private enum Observation {
    case now([Made])
    case later(() -> [Made])
    case entries([Int: Made])
    case laterEntries(() -> [Int: Made])
    case entryProviders([Int: () -> Made])
    case probes([Probe])
}

/// A provider of one bound key, contributed to the `[Probe]` the root takes.
private struct Probe {
    let request: GeneratedGraph.Request
    let observation: Observation
}

private struct RandomRoot {
    let observations: [Observation]
}

// MARK: - Fixtures: parameter types

/// A factory parameter type and how to record what it received.
private protocol Parameter: SendableMetatype {
    associatedtype Value
    static func observe(_ value: Value) -> Observation
}

private enum PlainParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Node<M>) -> Observation { .now([value.made]) }
}

private enum OptionalParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Node<M>?) -> Observation { .now(value.map { [$0.made] } ?? []) }
}

private enum ClosureParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: @escaping () -> Node<M>) -> Observation { .later { [value().made] } }
}

private enum SendableClosureParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: @escaping @Sendable () -> Node<M>) -> Observation { .later { [value().made] } }
}

private enum ProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Provider<Node<M>>) -> Observation { .later { [value.get().made] } }
}

private enum LazyParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Lazy<Node<M>>) -> Observation { .later { [value.get().made] } }
}

private enum TaggedProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: TaggedProvider<Label<M>>) -> Observation { .later { [value.get().made] } }
}

private enum CollectionParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: [Node<M>]) -> Observation { .now(value.map(\.made)) }
}

private enum CollectionProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Provider<[Node<M>]>) -> Observation { .later { value.get().map(\.made) } }
}

private enum MapParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: [Int: Node<M>]) -> Observation { .entries(value.mapValues(\.made)) }
}

private enum MapProviderParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: [Int: Provider<Node<M>>]) -> Observation {
        .entryProviders(value.mapValues { provider in { provider.get().made } })
    }
}

private enum ProviderOfMapParameter<M: NodeMarker>: Parameter {
    static func observe(_ value: Provider<[Int: Node<M>]>) -> Observation { .laterEntries { value.get().mapValues(\.made) } }
}

private enum ProbesParameter: Parameter {
    static func observe(_ value: [Probe]) -> Observation { .probes(value) }
}

/// A parameter to declare: one of the graph's requests, or the root's probes.
private enum ParameterSpec {
    case request(GeneratedGraph.Request)
    case probes
}

private protocol ParameterVisitor {
    associatedtype Result
    func visit<P: Parameter>(_ parameter: P.Type) -> Result
}

/// Calls `visitor` with the parameter type of `spec`; never specialised (see `withMarker`).
@_semantics("optimize.sil.specialize.generic.never")
private func withParameter<V: ParameterVisitor>(_ spec: ParameterSpec, _ visitor: V) -> V.Result {
    switch spec {
    case .probes:
        return visitor.visit(ProbesParameter.self)
    case let .request(request):
        return withMarker(request.node, RequestParameter(kind: request.kind, visitor: visitor))
    }
}

private struct RequestParameter<V: ParameterVisitor>: MarkerVisitor {
    let kind: GeneratedGraph.Request.Kind
    let visitor: V

    func visit<M: NodeMarker>(_ marker: M.Type) -> V.Result {
        switch kind {
        case .plain: visitor.visit(PlainParameter<M>.self)
        case .optional: visitor.visit(OptionalParameter<M>.self)
        case .closure: visitor.visit(ClosureParameter<M>.self)
        case .sendableClosure: visitor.visit(SendableClosureParameter<M>.self)
        case .provider: visitor.visit(ProviderParameter<M>.self)
        case .lazy: visitor.visit(LazyParameter<M>.self)
        case .taggedProvider: visitor.visit(TaggedProviderParameter<M>.self)
        case .collection: visitor.visit(CollectionParameter<M>.self)
        case .collectionProvider: visitor.visit(CollectionProviderParameter<M>.self)
        case .map: visitor.visit(MapParameter<M>.self)
        case .mapProvider: visitor.visit(MapProviderParameter<M>.self)
        case .providerOfMap: visitor.visit(ProviderOfMapParameter<M>.self)
        }
    }
}

// MARK: - Fixtures: declaring factories of any arity

/// Finishes `builder` with a factory whose parameters have the types of `parameters` (up to
/// four) and whose value `make` makes from what they received.
@discardableResult
private func finish<B: BindToable>(
    _ builder: B, _ parameters: [ParameterSpec], make: @escaping @Sendable ([Observation]) -> B.Input
) -> BindingReceipt<B.Input> {
    guard let first = parameters.first else { return builder.to { make([]) } }
    return withParameter(first, FirstParameter(builder: builder, parameters: parameters, make: make))
}

private struct FirstParameter<B: BindToable>: ParameterVisitor {
    let builder: B
    let parameters: [ParameterSpec]
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P1: Parameter>(_ parameter: P1.Type) -> BindingReceipt<B.Input> {
        guard parameters.count > 1 else {
            return builder.to { [make] (p1: P1.Value) in make([P1.observe(p1)]) }
        }
        return withParameter(parameters[1], SecondParameter<B, P1>(builder: builder, parameters: parameters, make: make))
    }
}

private struct SecondParameter<B: BindToable, P1: Parameter>: ParameterVisitor {
    let builder: B
    let parameters: [ParameterSpec]
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P2: Parameter>(_ parameter: P2.Type) -> BindingReceipt<B.Input> {
        guard parameters.count > 2 else {
            return builder.to { [make] (p1: P1.Value, p2: P2.Value) in make([P1.observe(p1), P2.observe(p2)]) }
        }
        return withParameter(parameters[2], ThirdParameter<B, P1, P2>(builder: builder, parameters: parameters, make: make))
    }
}

private struct ThirdParameter<B: BindToable, P1: Parameter, P2: Parameter>: ParameterVisitor {
    let builder: B
    let parameters: [ParameterSpec]
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P3: Parameter>(_ parameter: P3.Type) -> BindingReceipt<B.Input> {
        guard parameters.count > 3 else {
            return builder.to { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value) in
                make([P1.observe(p1), P2.observe(p2), P3.observe(p3)])
            }
        }
        return withParameter(parameters[3], FourthParameter<B, P1, P2, P3>(builder: builder, make: make))
    }
}

private struct FourthParameter<B: BindToable, P1: Parameter, P2: Parameter, P3: Parameter>: ParameterVisitor {
    let builder: B
    let make: @Sendable ([Observation]) -> B.Input

    func visit<P4: Parameter>(_ parameter: P4.Type) -> BindingReceipt<B.Input> {
        builder.to { [make] (p1: P1.Value, p2: P2.Value, p3: P3.Value, p4: P4.Value) in
            make([P1.observe(p1), P2.observe(p2), P3.observe(p3), P4.observe(p4)])
        }
    }
}

// MARK: - Fixtures: the component

/// The graph `RandomGraphRoot` declares, for the `ComponentFactory.of` call that runs inside
/// `withValue`, and the count of each declaration's constructions.
private struct Scenario: Sendable {
    @TaskLocal static var current: Scenario?

    let graph: GeneratedGraph
    let constructions: ConstructionCounter

    init(graph: GeneratedGraph) {
        self.graph = graph
        self.constructions = ConstructionCounter(declarationCount: graph.declarations.count)
    }

    func declare(into binder: Binder<Singleton>) {
        for (index, declaration) in graph.declarations.enumerated() {
            withMarker(declaration.key.node, DeclarationBinder(binder: binder, index: index, declaration: declaration, constructions: constructions))
        }
        for request in Self.probes(of: graph) {
            let probe: SingularCollectionBindingBuilder<Probe, Singleton> = binder.bind(Probe.self).intoCollection()
            finish(probe, [.request(request)]) { observations in Probe(request: request, observation: observations[0]) }
        }
        // So that `[Probe]` is bound even when nothing else is.
        let noProbes: CollectionBindingBuilder<Probe, Singleton> = binder.bind(Probe.self).intoCollection()
        noProbes.to(value: [])
    }

    /// The requests of the probes, in order: a provider of each bound key, and for a map also
    /// the providers of its entries, unless it is bound only whole and so has none (the
    /// generated requests test that case).
    static func probes(of graph: GeneratedGraph) -> [GeneratedGraph.Request] {
        graph.boundKeys.flatMap { key -> [GeneratedGraph.Request] in
            switch key.kind {
            case .plain: return [GeneratedGraph.Request(kind: .provider, node: key.node)]
            case .tagged: return [GeneratedGraph.Request(kind: .taggedProvider, node: key.node)]
            case .collection: return [GeneratedGraph.Request(kind: .collectionProvider, node: key.node)]
            case .map:
                let whole = GeneratedGraph.Request(kind: .providerOfMap, node: key.node)
                let isBoundOnlyWhole = graph.declarations(of: key).allSatisfy { graph.declarations[$0].shape == .unique }
                guard !isBoundOnlyWhole else { return [whole] }
                return [whole, GeneratedGraph.Request(kind: .mapProvider, node: key.node)]
            }
        }
    }

    func declareRoot(_ bind: ReceiptBinder<RandomRoot>) -> BindingReceipt<RandomRoot> {
        let parameters = [ParameterSpec.probes] + (graph.rootRequest.map { [.request($0)] } ?? [])
        return finish(bind, parameters) { observations in RandomRoot(observations: observations) }
    }
}

/// Counts the constructions of each declaration since the last reset.
private final class ConstructionCounter: Sendable {
    private let counts: Mutex<[Int]>
    private let declarationCount: Int

    init(declarationCount: Int) {
        self.declarationCount = declarationCount
        self.counts = Mutex([Int](repeating: 0, count: declarationCount))
    }

    func record(_ declaration: Int) { counts.withLock { $0[declaration] += 1 } }
    func count(of declaration: Int) -> Int { counts.withLock { $0[declaration] } }
    func reset() { counts.withLock { $0 = [Int](repeating: 0, count: declarationCount) } }
}

/// Declares one generated declaration, once the marker type of its key is known.
private struct DeclarationBinder: MarkerVisitor {
    let binder: Binder<Singleton>
    let index: Int
    let declaration: GeneratedGraph.Declaration
    let constructions: ConstructionCounter

    func visit<M: NodeMarker>(_ marker: M.Type) {
        let parameters = declaration.requests.map(ParameterSpec.request)
        let (key, declarationIndex, count, counter) = (declaration.key, index, declaration.elementCount, constructions)
        @Sendable func node(_ observations: [Observation]) -> Node<M> {
            counter.record(declarationIndex)
            return Node(made: Made(key: key, declaration: declarationIndex, element: 0, observations: observations))
        }
        @Sendable func nodes(_ observations: [Observation]) -> [Node<M>] {
            counter.record(declarationIndex)
            return (0..<count).map { Node(made: Made(key: key, declaration: declarationIndex, element: $0, observations: observations)) }
        }
        /// A whole map: each element under its index.
        @Sendable func map(_ observations: [Observation]) -> [Int: Node<M>] {
            counter.record(declarationIndex)
            return Dictionary(uniqueKeysWithValues: (0..<count).map { element in
                (element, Node(made: Made(key: key, declaration: declarationIndex, element: element, observations: observations)))
            })
        }
        let shared = declaration.isShared
        switch (key.kind, declaration.shape) {
        case (.map, .unique):
            let builder = binder.bind([Int: Node<M>].self)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: map)
        case (.map, .entry):
            let builder = binder.bind(Node<M>.self).intoMap(key: declaration.mapKey ?? 0)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.map, .declared):
            binder.declareMap([Int: Node<M>].self)
        case (.map, _), (_, .entry), (_, .declared):
            preconditionFailure("only a map has entries: \(declaration)")
        case (.plain, _):
            let builder = binder.bind(Node<M>.self)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.tagged, _):
            let builder = binder.bind(Node<M>.self).tagged(with: Label<M>.self)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.collection, .unique):
            let builder = binder.bind([Node<M>].self)
            finish(shared ? builder.sharedInScope() : builder, parameters, make: nodes)
        case (.collection, .element):
            let builder: SingularCollectionBindingBuilder<Node<M>, Singleton> = binder.bind(Node<M>.self).intoCollection()
            finish(shared ? builder.sharedInScope() : builder, parameters, make: node)
        case (.collection, .elements):
            let builder: CollectionBindingBuilder<Node<M>, Singleton> = binder.bind(Node<M>.self).intoCollection()
            finish(shared ? builder.sharedInScope() : builder, parameters, make: nodes)
        }
    }
}

private struct RandomGraphRoot: RootComponent {
    typealias Root = RandomRoot

    static func configure(binder: Binder<Singleton>) {
        Scenario.current?.declare(into: binder)
    }

    static func configureRoot(binder bind: ReceiptBinder<RandomRoot>) -> BindingReceipt<RandomRoot> {
        guard let scenario = Scenario.current else { return bind.to { RandomRoot(observations: []) } }
        return scenario.declareRoot(bind)
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
        binder.bind(Needy.self, file: "App/Needy.swift", line: 1).to(factory: Needy.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "App/Root.swift", line: 2) { (_: Needy, _: @Sendable () -> Unbound) in 0 }
    }
}
