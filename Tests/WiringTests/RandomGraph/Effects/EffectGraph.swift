import SeededRandom

/// A random graph of bindings with effects, declared by `EffectParent` and its subcomponent
/// `EffectSub`: every binding, contribution, map entry and root gets a factory that is plain,
/// throwing, `async` or `@MainActor`, and takes its dependencies through every request kind.
///
/// Structurally every graph is sound (each request reaches a binding, nothing is bound twice,
/// and a binding of node `n` takes only nodes below `n`), so the only diagnostics `of` may give
/// are unhandled effects, which `EffectReferenceChecker` predicts.
struct EffectGraph: CustomStringConvertible, Sendable {
    enum Effect: Int, CaseIterable, Sendable {
        case none, throwing, async, mainActor
    }

    enum Place: Sendable {
        case parent, sub
    }

    enum KeyKind: Sendable {
        case plain, collection, map
    }

    struct Key: Hashable, Sendable {
        let kind: KeyKind
        let node: Int
    }

    enum RequestKind: CaseIterable, Sendable {
        case plain, optional, sendableClosure, provider, lazy, asyncProvider, mainActorProvider
        case collection, map, mapProviders, asyncMapProviders, mainActorMapProviders
        case factory, mainActorFactory, asyncFactory

        /// The kind of key the request asks for; nil for a subcomponent's factory.
        var keyKind: KeyKind? {
            switch self {
            case .plain, .optional, .sendableClosure, .provider, .lazy, .asyncProvider, .mainActorProvider: .plain
            case .collection: .collection
            case .map, .mapProviders, .asyncMapProviders, .mainActorMapProviders: .map
            case .factory, .mainActorFactory, .asyncFactory: nil
            }
        }

        /// The effects the request's accessor can run when it resolves its binding later (the
        /// reference checker's model of what may reach it); nil for a request resolved while
        /// its requirer's factory runs.
        var deferredEffects: EffectReferenceChecker.Effects? {
            switch self {
            case .plain, .optional, .collection, .map: nil
            case .provider, .lazy, .sendableClosure, .mapProviders, .factory: []
            case .mainActorProvider, .mainActorMapProviders, .mainActorFactory: .mainActorAndThrowing
            case .asyncProvider, .asyncMapProviders, .asyncFactory: .all
            }
        }
    }

    struct Request: Sendable, CustomStringConvertible {
        let kind: RequestKind
        let node: Int
        var key: Key? { kind.keyKind.map { Key(kind: $0, node: node) } }
        var description: String { kind.keyKind == nil ? "\(kind)" : "\(kind) \(node)" }
    }

    /// One binding, contribution, map entry or root. Its location is `G.swift:<line>`.
    struct Declaration: Sendable, CustomStringConvertible {
        let line: Int
        let place: Place
        /// Nil for a root.
        let key: Key?
        /// The key of a map entry.
        let mapKey: Int?
        let effect: Effect
        let isShared: Bool
        let requests: [Request]

        var description: String {
            let what = key.map { "\($0.kind) \($0.node)" + (mapKey.map { " [\($0)]" } ?? "") } ?? "root"
            return "line \(line) \(place) \(what) \(effect)\(isShared ? " shared" : "") <- \(requests)"
        }
    }

    static let parentRootLine = 1_000
    static let subRootLine = 2_000

    let nodeCount: Int
    let hasSub: Bool
    let declarations: [Declaration]
    let parentRoot: Declaration
    let subRoot: Declaration

    var description: String {
        (["nodes \(nodeCount), subcomponent \(hasSub)"] + (declarations + [parentRoot, subRoot]).map(\.description)).joined(separator: "\n")
    }

    /// Every declaration, the roots last.
    var all: [Declaration] { declarations + [parentRoot] + (hasSub ? [subRoot] : []) }

    /// The declarations of `key` that a request made in `place` reaches: its own component's
    /// and, for a collection or a map a subcomponent sees, its parent's first.
    func declarations(of key: Key, from place: Place) -> [Declaration] {
        declarations.filter { $0.key == key && ($0.place == place || $0.place == .parent) }
    }

    /// Whether `key` has a declaration `place` can see.
    func isVisible(_ key: Key, from place: Place) -> Bool {
        !declarations(of: key, from: place).isEmpty
    }
}

enum EffectGraphGenerator {
    static func graph(seed: UInt64) -> EffectGraph {
        var random = SplitMix64(seed: seed)
        let nodeCount = 1 + random.below(5)
        let hasSub = random.chance(70)
        var line = 1
        var planned: [(place: EffectGraph.Place, key: EffectGraph.Key, mapKey: Int?)] = []
        for node in 0..<nodeCount {
            if random.chance(85) {
                planned.append((hasSub && random.chance(30) ? .sub : .parent, EffectGraph.Key(kind: .plain, node: node), nil))
            }
            for _ in 0..<random.roll([40, 40, 20]) { planned.append((.parent, EffectGraph.Key(kind: .collection, node: node), nil)) }
            if hasSub {
                for _ in 0..<random.roll([50, 35, 15]) { planned.append((.sub, EffectGraph.Key(kind: .collection, node: node), nil)) }
            }
            // The parent's entries under keys 0 and 1, the subcomponent's under 2 and 3: no key twice.
            for mapKey in 0..<random.roll([40, 35, 25]) { planned.append((.parent, EffectGraph.Key(kind: .map, node: node), mapKey)) }
            if hasSub {
                for mapKey in 2..<(2 + random.roll([50, 35, 15])) { planned.append((.sub, EffectGraph.Key(kind: .map, node: node), mapKey)) }
            }
        }
        // Whether a request from `place` can be satisfied, given what is planned.
        func isSatisfiable(_ request: EffectGraph.Request, from place: EffectGraph.Place) -> Bool {
            switch request.kind {
            case .optional: return true
            case .factory, .mainActorFactory, .asyncFactory: return hasSub && place == .parent
            default:
                guard let key = request.key else { return false }
                return planned.contains { $0.key == key && ($0.place == place || $0.place == .parent) }
            }
        }
        func requests(from place: EffectGraph.Place, below limit: Int) -> [EffectGraph.Request] {
            guard limit > 0 else { return [] }
            var requests: [EffectGraph.Request] = []
            for _ in 0..<random.roll([25, 35, 25, 15]) {
                for _ in 0..<10 {
                    let request = EffectGraph.Request(kind: random.pick(EffectGraph.RequestKind.allCases), node: random.below(limit))
                    if isSatisfiable(request, from: place) {
                        requests.append(request)
                        break
                    }
                }
            }
            return requests
        }
        func effect() -> EffectGraph.Effect {
            EffectGraph.Effect(rawValue: random.roll([64, 12, 12, 12])) ?? .none
        }
        var declarations: [EffectGraph.Declaration] = []
        for (place, key, mapKey) in planned {
            declarations.append(EffectGraph.Declaration(
                line: line, place: place, key: key, mapKey: mapKey, effect: effect(),
                // Only the parent's scope is `Singleton`.
                isShared: place == .parent && random.chance(40),
                requests: requests(from: place, below: key.node)
            ))
            line += 1
        }
        let parentRoot = EffectGraph.Declaration(
            line: EffectGraph.parentRootLine, place: .parent, key: nil, mapKey: nil, effect: effect(), isShared: false,
            requests: requests(from: .parent, below: nodeCount)
        )
        let subRoot = EffectGraph.Declaration(
            line: EffectGraph.subRootLine, place: .sub, key: nil, mapKey: nil, effect: effect(), isShared: false,
            requests: requests(from: .sub, below: nodeCount)
        )
        return EffectGraph(nodeCount: nodeCount, hasSub: hasSub, declarations: declarations, parentRoot: parentRoot, subRoot: subRoot)
    }
}
