import SeededRandom
import Wiring

/// Makes a random graph from a seed: the same seed always makes the same graph.
enum GraphGenerator {
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
