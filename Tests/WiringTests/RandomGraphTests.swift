import Foundation
import SeededRandom
import Synchronization
import Testing
import Wiring

/// Thousands of seeded random graphs, declared through the public API: random bindings of a
/// pool of node types, shared or not, with parameters of every kind (`T`, `T?`, `() -> T`,
/// `Provider`, `Lazy`, `TaggedProvider`, `[T]`), missing keys, duplicates, collection contributions and
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
            let graph = GraphGenerator.graph(seed: seed, closuresOfUnboundTypes: Self.generatesClosuresOfUnboundTypes)
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
        #expect(coverage.requestKinds == Set(GeneratedGraph.Request.Kind.allCases))
        #expect(coverage.shapes == ["plain unique", "tagged unique", "collection unique", "collection element", "collection elements"])
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
    var requestKinds: Set<GeneratedGraph.Request.Kind> = []
    var shapes: Set<String> = []

    mutating func count(_ graph: GeneratedGraph, _ verdict: ReferenceGraphChecker.Verdict) {
        if verdict.isValid {
            valid += 1
            validWithDeferredLoops += Self.hasLoop(graph) ? 1 : 0
            validWithSharing += graph.declarations.contains(where: \.isShared) ? 1 : 0
        } else {
            invalid += 1
        }
        missing += verdict.missing.isEmpty ? 0 : 1
        duplicates += verdict.duplicates.isEmpty ? 0 : 1
        mixed += verdict.mixed.isEmpty ? 0 : 1
        cycles += verdict.cycles.isEmpty ? 0 : 1
        for declaration in graph.declarations {
            requestKinds.formUnion(declaration.requests.map(\.kind))
            shapes.insert("\(declaration.key.kind) \(declaration.shape)")
        }
    }

    var description: String {
        "\(valid) valid (\(validWithDeferredLoops) with a loop through a provider or closure, \(validWithSharing) with sharing), "
            + "\(invalid) invalid (\(missing) with missing keys, \(duplicates) with duplicates, \(mixed) with a collection also bound whole, "
            + "\(cycles) with loops)"
    }

    /// Whether the graph has a loop once every parameter, deferred or not, counts as an edge.
    private static func hasLoop(_ graph: GeneratedGraph) -> Bool {
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
                if let key = key(in: headline, prefix: "Missing binding for ", suffix: ".") {
                    found.missing.insert(key)
                    continue
                }
            case .duplicateBinding:
                if let key = key(in: headline, prefix: "", suffix: " is bound more than once.") {
                    found.duplicates.insert(key)
                    continue
                }
                if let key = key(in: headline, prefix: "", suffix: " is bound both as a single value and as a collection.") {
                    found.mixed.insert(key)
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
                problems.append("the reported loop \(name) is inside none of the expected groups \(cycles.map(sorted))")
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

    private static func sorted(_ keys: Set<GeneratedGraph.Key>) -> String {
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

/// Checks a built graph: every bound key resolves, through the probe of its provider, to the
/// values its declarations make, in declaration order; each value's parameters received the
/// values of the keys they asked for; a shared declaration is made once per build and is the
/// same instance everywhere in that build, and never the instance of another build.
private struct ValueChecker {
    private let graph: GeneratedGraph
    private var problems: [String] = []
    /// The one instance of each element of a shared declaration in this build.
    private(set) var sharedInstances: [ElementID: Made] = [:]
    private var unsharedSeen: Set<ObjectIdentifier> = []
    /// Keeps every unshared value alive, so that no two of them can have the same identity.
    private var keptAlive: [Made] = []

    struct ElementID: Hashable {
        let declaration: Int
        let element: Int
    }

    private init(graph: GeneratedGraph) {
        self.graph = graph
    }

    static func check(_ factory: ComponentFactory<RandomGraphRoot>, _ scenario: Scenario) -> [String] {
        var builds: [ValueChecker] = []
        var problems: [String] = []
        for build in 1...2 {
            scenario.constructions.reset()
            var checker = ValueChecker(graph: scenario.graph)
            checker.check(factory.build())
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

    private mutating func check(_ root: RandomRoot) {
        guard case let .probes(probes)? = root.observations.first else {
            problems.append("the root did not receive its probes first")
            return
        }
        let expectedKeys = graph.boundKeys
        if probes.map(\.key) != expectedKeys {
            problems.append("the probes are \(probes.map(\.key)), expected \(expectedKeys)")
        }
        for probe in probes {
            // Twice: a shared declaration must give the same instance, another a new one.
            for _ in 1...2 {
                observe(probe.observation, of: probe.key, at: "probe of \(probe.key)", checkingParameters: true)
            }
        }
        if let request = graph.rootRequest, root.observations.count == 2 {
            observe(root.observations[1], of: request.target, at: "root parameter \(request)", checkingParameters: false)
        } else if root.observations.count != (graph.rootRequest == nil ? 1 : 2) {
            problems.append("the root received \(root.observations.count) parameters")
        }
    }

    /// Resolves an observation now if it was deferred, and checks the values against the
    /// declarations of `target`: every element of each, in declaration order (none for a `T?`
    /// whose `T` is unbound).
    private mutating func observe(_ observation: Observation, of target: GeneratedGraph.Key, at place: String, checkingParameters: Bool) {
        let values: [Made]
        switch observation {
        case let .now(made): values = made
        case let .later(resolve): values = resolve()
        case .probes: problems.append("\(place): received probes"); return
        }
        let expected: [ElementID] = graph.declarations(of: target).flatMap { declaration in
            (0..<graph.declarations[declaration].elementCount).map { ElementID(declaration: declaration, element: $0) }
        }
        let actual = values.map { ElementID(declaration: $0.declaration, element: $0.element) }
        guard actual == expected, values.allSatisfy({ $0.key == target }) else {
            problems.append("\(place): received \(values.map { "\($0.key)#\($0.declaration).\($0.element)" }), expected \(expected.map { "\(target)#\($0.declaration).\($0.element)" })")
            return
        }
        for made in values {
            let firstVisit = identify(made, at: place)
            if checkingParameters, firstVisit, made.element == 0 {
                checkParameters(of: made)
            }
        }
    }

    /// Records a value; false when it was seen before (a shared instance).
    private mutating func identify(_ made: Made, at place: String) -> Bool {
        let id = ElementID(declaration: made.declaration, element: made.element)
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

    /// The graph of a seed. About half the seeds make a graph meant to be sound: every key bound
    /// at most once, every parameter bound (or optional), and the parameters needed at
    /// construction pointing to lower nodes only, so that its loops all go through a provider or
    /// a closure. The others draw missing keys, duplicates, collections also bound whole, and
    /// loops of construction needs.
    static func graph(seed: UInt64, closuresOfUnboundTypes: Bool) -> GeneratedGraph {
        var random = SplitMix64(seed: seed)
        let nodeCount = 1 + random.below(maximumNodeCount)
        let sound = random.roll([50, 50]) == 1
        var planned: [(key: GeneratedGraph.Key, shape: GeneratedGraph.Declaration.Shape)] = []
        for node in 0..<nodeCount {
            let plain = GeneratedGraph.Key(kind: .plain, node: node)
            for _ in 0..<(sound ? 1 : random.roll([12, 78, 10])) { planned.append((plain, .unique)) }
            let tagged = GeneratedGraph.Key(kind: .tagged, node: node)
            for _ in 0..<random.roll(sound ? [40, 60] : [45, 50, 5]) { planned.append((tagged, .unique)) }
            let collection = GeneratedGraph.Key(kind: .collection, node: node)
            let contributions = random.roll([40, 30, 20, 10])
            for _ in 0..<contributions {
                planned.append((collection, random.roll([50, 50]) == 0 ? .element : .elements))
            }
            if random.roll([90, 10]) == 1, !sound || contributions == 0 { planned.append((collection, .unique)) }
        }
        random.shuffle(&planned)
        let bound = Set(planned.map(\.key))
        func parameter(from node: Int) -> GeneratedGraph.Request? {
            for _ in 0..<20 {
                let request = request(from: node, nodeCount, &random)
                let isUnbound = !bound.contains(request.target)
                if isUnbound, request.kind == .closure || request.kind == .sendableClosure, !closuresOfUnboundTypes { continue }
                if sound, isUnbound, !request.acceptsAbsence { continue }
                if sound, request.isImmediate, request.node >= node { continue }
                return request
            }
            return nil
        }
        let declarations = planned.map { key, shape in
            GeneratedGraph.Declaration(
                key: key,
                shape: shape,
                isShared: random.roll([60, 40]) == 1,
                requests: (0..<random.roll([25, 35, 22, 12, 6])).compactMap { _ in parameter(from: key.node) },
                elementCount: key.kind == .collection && shape != .element ? random.roll([10, 30, 40, 20]) : 1
            )
        }
        let rootRequest = random.roll([50, 50]) == 1 ? parameter(from: nodeCount) : nil
        return GeneratedGraph(nodeCount: nodeCount, declarations: declarations, rootRequest: rootRequest)
    }

    private static let requestKinds: [(kind: GeneratedGraph.Request.Kind, weight: Int)] = [
        (.plain, 30), (.optional, 10), (.closure, 6), (.sendableClosure, 6), (.provider, 12), (.lazy, 6),
        (.taggedProvider, 10), (.collection, 14), (.collectionProvider, 8),
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

/// What one factory parameter received: values now, or a way to get them later.
private enum Observation {
    case now([Made])
    case later(() -> [Made])
    case probes([Probe])
}

/// A provider of one bound key, contributed to the `[Probe]` the root takes.
private struct Probe {
    let key: GeneratedGraph.Key
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
        for key in graph.boundKeys {
            let request = switch key.kind {
            case .plain: GeneratedGraph.Request(kind: .provider, node: key.node)
            case .tagged: GeneratedGraph.Request(kind: .taggedProvider, node: key.node)
            case .collection: GeneratedGraph.Request(kind: .collectionProvider, node: key.node)
            }
            let probe: SingularCollectionBindingBuilder<Probe, Singleton> = binder.bind(Probe.self).intoCollection()
            finish(probe, [.request(request)]) { observations in Probe(key: key, observation: observations[0]) }
        }
        // So that `[Probe]` is bound even when nothing else is.
        let noProbes: CollectionBindingBuilder<Probe, Singleton> = binder.bind(Probe.self).intoCollection()
        noProbes.to(value: [])
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
        let shared = declaration.isShared
        switch (key.kind, declaration.shape) {
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
