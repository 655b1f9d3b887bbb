internal import BenchmarkSupport
internal import Wiring

/// The phases of a deep graph's life whose stack use the depth scenario measures, each run on a
/// thread with a stack of a given size (by `wiring-bench --probe stack PHASE SIZE BYTES`).
enum StackPhase {
    /// Runs one phase on a thread with a `stackSize`-byte stack; returns if it fits, and ends the
    /// process with a stack overflow if it does not.
    static func run<C: SeedlessComponent>(_ phase: String, _ component: C.Type, stackSize: Int) throws {
        switch phase {
        case "of":
            // Configure, validate and link on the small stack.
            let result = Handover<ComponentFactory<C>>()
            try SmallStackThread.run(stackSize: stackSize) { result.value = try? ComponentFactory.of(C.self) }
            guard result.value != nil else { throw StackProbeFailure(phase: phase) }
        case "build":
            // Resolve the root (the whole chain) on the small stack; release it elsewhere.
            let factory = try ComponentFactory.of(C.self)
            let root = Handover<C.Root>()
            try SmallStackThread.run(stackSize: stackSize) { root.value = factory.build() }
            guard root.value != nil else { throw StackProbeFailure(phase: phase) }
        case "release-factory":
            // Drop the last reference to a factory (its linked resolvers) on the small stack.
            let factory = Handover(try ComponentFactory.of(C.self))
            try SmallStackThread.run(stackSize: stackSize) { factory.value = nil }
        case "release-graph":
            // Drop the last reference to a built root (the 10,000 objects) on the small stack: the
            // objects' own release, the same whoever made them.
            let factory = try ComponentFactory.of(C.self)
            let root = Handover(factory.build())
            try SmallStackThread.run(stackSize: stackSize) { root.value = nil }
            blackHole(factory)
        default:
            throw Probe.ProbeUsage()
        }
    }

    /// Sets up, resolves and releases the graph on the main thread; returns the nanoseconds of
    /// `of`, `build`, releasing the root and releasing the factory.
    static func onMainThread<C: SeedlessComponent>(_ component: C.Type) throws -> [Int] {
        let clock = ContinuousClock()
        var marks = [clock.now]
        var factory: ComponentFactory<C>? = try ComponentFactory.of(C.self)
        marks.append(clock.now)
        var root: C.Root? = factory?.build()
        marks.append(clock.now)
        blackHole(root)
        root = nil
        marks.append(clock.now)
        factory = nil
        marks.append(clock.now)
        blackHole(factory)
        return zip(marks, marks.dropFirst()).map { start, end in Int((end - start).nanoseconds) }
    }

    static let names = ["of", "build", "release-factory", "release-graph"]
}

/// A phase that ran to its end without producing what it should.
struct StackProbeFailure: Error, CustomStringConvertible {
    let phase: String
    var description: String { "the \(phase) phase produced nothing" }
}
