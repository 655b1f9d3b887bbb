/// Predicts, from an `EffectGraph` alone, which unhandled effects `of` reports for each entry
/// point, binding by binding: the number of diagnostics located at each declaration's line.
///
/// The semantics, as the Concurrency article states them: resolving a binding runs its own
/// factory and those of its eager dependencies (`T`, `T?` of a bound `T`, `[T]`, `[K: V]`, with a
/// subcomponent's collection or map including its parent's contributions); a deferred request
/// (`Provider`, `Lazy`, `@Sendable () -> T`, `[K: Provider<V>]` none; `MainActorProvider`,
/// `[K: MainActorProvider<V>]` main actor and throws; `AsyncProvider`, `[K: AsyncProvider<V>]`
/// everything) and a subcomponent's factory (`ComponentFactory` none, `MainActorComponentFactory`
/// main actor and throws, `AsyncComponentFactory` everything) handle what they can. Each place
/// that cannot run an effect gets one diagnostic per binding on the way whose own factory has
/// an effect it cannot run.
struct EffectReferenceChecker {
    enum Entry: CaseIterable, CustomStringConvertible {
        case synchronous, mainActor, async
        var description: String {
            switch self {
            case .synchronous: "ComponentFactory"
            case .mainActor: "MainActorComponentFactory"
            case .async: "AsyncComponentFactory"
            }
        }
    }

    /// Throws, async, main actor: a set of the effects of `EffectGraph.Effect`.
    struct Effects: OptionSet, Hashable {
        let rawValue: Int
        static let throwing = Effects(rawValue: 1)
        static let async = Effects(rawValue: 2)
        static let mainActor = Effects(rawValue: 4)

        init(rawValue: Int) { self.rawValue = rawValue }

        init(_ effect: EffectGraph.Effect) {
            switch effect {
            case .none: self = []
            case .throwing: self = .throwing
            case .async: self = .async
            case .mainActor: self = .mainActor
            }
        }

        static let all: Effects = [.throwing, .async, .mainActor]
        static let mainActorAndThrowing: Effects = [.throwing, .mainActor]
    }

    let graph: EffectGraph

    /// The number of diagnostics expected at each line, for an entry point; empty when `of`
    /// must accept the graph.
    func expectedDiagnostics(for entry: Entry) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        let allowedAtRoot: Effects = switch entry {
        case .synchronous: []
        case .mainActor: .mainActorAndThrowing
        case .async: .all
        }
        let rootOrigins = origins(from: [graph.parentRoot], allowed: allowedAtRoot)
        if !rootOrigins.isEmpty { counts[graph.parentRoot.line, default: 0] += rootOrigins.count }
        for requirer in graph.all {
            for request in requirer.requests {
                let starts: [EffectGraph.Declaration]
                guard let allowed = request.kind.deferredEffects else { continue }
                if let key = request.key {
                    starts = graph.declarations(of: key, from: requirer.place)
                } else {
                    starts = [graph.subRoot]
                }
                let found = origins(from: starts, allowed: allowed)
                if !found.isEmpty { counts[requirer.line, default: 0] += found.count }
            }
        }
        return counts
    }

    /// Every declaration reached from `starts` through eager requests whose own factory has an
    /// effect outside `allowed`, by line.
    func origins(from starts: [EffectGraph.Declaration], allowed: Effects) -> Set<Int> {
        var visited = Set(starts.map(\.line))
        var queue = starts
        var found: Set<Int> = []
        while let declaration = queue.popLast() {
            if !Effects(declaration.effect).isSubset(of: allowed) { found.insert(declaration.line) }
            for next in eagerDependencies(of: declaration) where visited.insert(next.line).inserted {
                queue.append(next)
            }
        }
        return found
    }

    /// The declarations a declaration's factory resolves while it runs.
    func eagerDependencies(of declaration: EffectGraph.Declaration) -> [EffectGraph.Declaration] {
        declaration.requests.flatMap { request -> [EffectGraph.Declaration] in
            switch request.kind {
            case .plain, .optional, .collection, .map:
                guard let key = request.key else { return [] }
                return graph.declarations(of: key, from: declaration.place)
            default:
                return []
            }
        }
    }
}
