internal import BenchmarkSupport

// Scenario 9 (issue 8): depth. The scale graph's chain is as deep as the graph is large: each
// binding takes the previous one. In a fresh process, on the main thread's default stack, the
// 10,000-binding graph is set up (`of`), resolved (`build` makes the whole chain) and released.
// Then each phase runs on a thread with a stack of a chosen size, in a child process (an
// overflow ends it with SIGSEGV), bisecting the smallest stack that works for 1,000 and for
// 10,000 bindings: where it grows, the difference over 9,000 levels is the stack cost per level.
//
// Releasing the built graph (10,000 objects that each hold the previous one) is Swift's own
// recursive release, the same for objects made by hand; it is measured for comparison.
// Swinject is checked at the depth where it stops: 200.

let depthScenario = Scenario(key: "depth", title: "9. Depth (10,000-deep chain)") { context in
    let main = try HeapProbe.numbers(["main-thread-depth", "10000"], context: context)
    context.add("main thread (8 MiB): of, build, release root, release factory", value: Double(main.reduce(0, +)) * 1e-6, unit: "ms",
                note: "ok: " + zip(["of", "build", "release root", "release factory"], main)
                    .map { "\($0) \(Report.format(Double($1) * 1e-6)) ms" }.joined(separator: ", "))

    let phases = context.isQuick ? ["build", "release-factory"] : StackPhase.names
    for phase in phases {
        let deep = try StackBisection.smallestStack(phase: phase, bindings: 10000, context: context)
        let shallow = try StackBisection.smallestStack(phase: phase, bindings: 1000, context: context)
        guard let deep, let shallow else {
            context.add("smallest thread stack: \(phase)", value: .nan, unit: "",
                        note: "does not fit in 8 MiB at \(deep == nil ? "10k" : "1k") bindings")
            continue
        }
        let kib = { (bytes: Int) in "\(Report.format(Double(bytes) / 1024)) KiB" }
        let perLevel = deep > shallow
            ? "\(Report.format(Double(deep - shallow) / 9000)) B per level"
            : "does not grow with depth"
        let minimum = SmallStackThread.minimumStackSize
        context.add("smallest thread stack: \(phase), 10k bindings", value: Double(deep) / 1024, unit: "KiB",
                    note: "1k bindings: \(kib(shallow)); \(perLevel)\(deep == minimum ? "; \(kib(minimum)) is the smallest stack a thread can have" : "")")
    }

    for depth in [200, 201] {
        let outcome = try ChildProcess.run([context.executablePath, "--probe", "swinject-depth", "\(depth)"])
        let result = outcome.succeeded
            ? "resolves"
            : "stops the process: \(outcome.standardError.contains("circular dependency") ? "fatal error \"circular dependency\"" : "status \(outcome.status)")"
        context.add("Swinject: chain of \(depth)", value: .nan, unit: "", note: result)
    }
}

/// Finds the smallest thread stack a phase fits in, by bisection over child processes.
enum StackBisection {
    static let largest = 8 << 20
    static let granularity = 4096

    /// The smallest stack size (a multiple of 4 KiB, at least the system's minimum) on which the
    /// phase succeeds; nil when even 8 MiB is not enough.
    static func smallestStack(phase: String, bindings: Int, context: ScenarioContext) throws -> Int? {
        func fits(_ size: Int) throws -> Bool {
            try ChildProcess.run([context.executablePath, "--probe", "stack", phase, "\(bindings)", "\(size)"]).succeeded
        }
        let minimum = SmallStackThread.minimumStackSize
        guard try fits(largest) else { return nil }
        if try fits(minimum) { return minimum }
        var failing = minimum
        var working = largest
        while working - failing > granularity {
            let middle = (failing + working) / 2 / granularity * granularity
            if try fits(middle) { working = middle } else { failing = middle }
        }
        return working
    }
}
