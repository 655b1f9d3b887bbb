import Wiring

/// Checks a built graph: `build()` made exactly what the parameters needed at construction call
/// for, so a provider, a closure or a `[Int: Provider<T>]` made nothing yet; every bound key
/// resolves, through the probes of its provider, to the values its declarations make (a
/// collection's in declaration order, a map's each under its key: a dictionary has no order);
/// each value's parameters received the values of the keys they asked for; each provider of a
/// `[Int: Provider<T>]` makes its own entry when called, and only then; a shared declaration is
/// made once per build and is the same instance everywhere in that build, and never the
/// instance of another build.
struct ValueChecker {
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
