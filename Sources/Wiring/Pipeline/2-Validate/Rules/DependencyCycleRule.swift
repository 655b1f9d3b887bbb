/// Factories that need each other before either can run.
///
/// One diagnostic per loop, naming every step with the location of the binding that takes it.
/// A step through a binding that resolves its requests only when its value is used (an
/// assisted factory, a property injector) is none: like a `Provider`, it orders no construction.
enum DependencyCycleRule: GraphRule {
    static var kind: Diagnostic.Kind { .dependencyCycle }

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        let order = context.order
        return order.cycles
            .map { cycle in path(through: cycle, order) }
            .sorted { $0[0].from < $1[0].from }
            .map { steps in diagnostic(steps, graph) }
    }

    private struct Step {
        let from: Int
        let to: Int
        let declaration: Int
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    /// The shortest loop from the cycle's first-declared entry back to itself.
    @_optimize(none)
    private static func path(through cycle: [Int], _ order: DependencyOrder) -> [Step] {
        let members = Set(cycle)
        let start = cycle.min() ?? cycle[0]
        var reachedBy: [Int: DependencyOrder.Edge] = [:]
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        search: while head < queue.count {
            let entry = queue[head]
            head += 1
            for edge in order.edges(from: entry) where !edge.isDeferred && members.contains(edge.target) {
                if edge.target == start {
                    reachedBy[start] = edge
                    previous[start] = entry
                    break search
                }
                if reachedBy[edge.target] == nil {
                    reachedBy[edge.target] = edge
                    previous[edge.target] = entry
                    queue.append(edge.target)
                }
            }
        }
        var steps: [Step] = []
        var entry = start
        repeat {
            guard let edge = reachedBy[entry], let from = previous[entry] else { break }
            steps.append(Step(from: from, to: entry, declaration: edge.declaration))
            entry = from
        } while entry != start
        return steps.reversed()
    }

    @_optimize(none)
    private static func diagnostic(_ steps: [Step], _ graph: ResolvedGraph) -> Diagnostic {
        let names = steps.map { graph.key(of: $0.from).displayName } + [graph.key(of: steps[0].from).displayName]
        var lines = ["Dependency cycle: \(names.joined(separator: " -> "))."]
        for step in steps {
            let requirer = graph.declarations[step.declaration]
            let place = requirer.location.map { " at \($0)" } ?? ""
            lines.append("  \(graph.key(of: step.to).displayName) is required by \(graph.requirerName(requirer))\(place)")
        }
        lines.append(
            "  To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T "
                + "and call get() after construction."
        )
        return Diagnostic(kind: .dependencyCycle, message: lines.joined(separator: "\n"), location: graph.declarations[steps[0].declaration].location)
    }
}
