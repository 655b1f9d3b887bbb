import Wiring

/// How many graphs of each kind the generator made, so that a change to it cannot quietly stop
/// testing something.
struct Coverage: CustomStringConvertible {
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
    /// Each generator switch with each value it took, as `name=value`.
    var switches: Set<String> = []

    mutating func count(_ switches: RandomGraphTests.GeneratorSwitches) {
        self.switches.insert("closuresOfUnboundTypes=\(switches.closuresOfUnboundTypes)")
        self.switches.insert("providersOfWholeMaps=\(switches.providersOfWholeMaps)")
        self.switches.insert("duplicateKeysInMapsBoundWhole=\(switches.duplicateKeysInMapsBoundWhole)")
    }
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
