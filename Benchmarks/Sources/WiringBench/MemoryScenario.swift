internal import BenchmarkSupport
internal import ProbeGraphs
internal import Swinject
internal import Wiring

// Scenario 6: memory. Bytes of heap each factory of the 6,000-binding scale graph retains (a
// fresh process runs `of` once to fill the Swift runtime's caches, then several more times
// keeping every factory alive; glibc's mallinfo2 gives the difference), against a Swinject
// container with the same services. Then the ATM graph built 1,000,000 times: the heap after
// the last build compared with after the 1,000th, with every root released. Nothing may grow.

let memoryScenario = Scenario(key: "memory", title: "6. Memory") { context in
    guard HeapUsage.isAvailable else {
        context.add("heap readings", value: .nan, unit: "", note: "mallinfo2 is not available here")
        return
    }
    let copies = 4
    let wiring = try HeapProbe.numbers(["heap-of", "6000", "\(copies)", "0"], context: context)
    let swinject = try HeapProbe.numbers(["heap-swinject", "\(copies)"], context: context)
    let perBinding = Double(wiring[1]) / 6000
    context.add("Wiring: retained per binding, each factory (6k graph)", value: perBinding, unit: "B/binding",
                note: "\(Report.format(Double(wiring[1]) / 1_048_576)) MiB per factory")
    context.add("Wiring: retained per binding, first factory (with Swift runtime caches)", value: Double(wiring[0]) / 6000, unit: "B/binding")
    context.add("Swinject: retained per service, each container", value: Double(swinject[1]) / 6000, unit: "B/service",
                note: "first container \(Report.format(Double(swinject[0]) / 6000)) B/service")
    context.report.check("≤ 380 bytes retained per binding", measured: "\(Report.format(perBinding)) B", isMet: perBinding <= 380)

    let small = 1000
    let large = context.isQuick ? 100_000 : 1_000_000
    var wiringGrowth = 0
    for contender in ["hand", "wiring", "swinject"] {
        let readings = try HeapProbe.numbers(["build-growth", contender, "\(small)", "\(large)"], context: context)
        let growth = readings[1] - readings[0]
        if contender == "wiring" { wiringGrowth = growth }
        let name = ["hand": "hand-written", "wiring": "Wiring", "swinject": "Swinject"][contender] ?? contender
        context.add("\(name): heap growth from build \(small.formatted) to build \(large.formatted) (ATM graph)", value: Double(growth), unit: "B",
                    note: "\(Report.format(Double(growth) / Double(large - small))) B per build")
    }
    context.report.check("zero heap growth over \(large.formatted) builds", measured: "\(wiringGrowth) B", isMet: wiringGrowth <= 0)
}

/// Runs a heap probe in a fresh process and returns the numbers it printed.
enum HeapProbe {
    static func numbers(_ arguments: [String], context: ScenarioContext) throws -> [Int] {
        let outcome = try ChildProcess.run([context.executablePath, "--probe"] + arguments)
        let numbers = outcome.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard outcome.succeeded, !numbers.isEmpty else { throw ProbeFailure(probe: arguments.joined(separator: " "), outcome: outcome) }
        return numbers
    }
}

/// The heap after a small and after a large number of builds of the ATM graph, every root
/// released (`wiring-bench --probe build-growth CONTENDER SMALL LARGE`).
enum BuildGrowth {
    static func heapReadings(_ contender: String, small: Int, large: Int) throws -> [Int] {
        let build: () -> Void
        switch contender {
        case "hand":
            build = { blackHole(HandATMComponent().root()) }
        case "wiring":
            let factory = try ComponentFactory.of(ATMBenchComponent.self)
            build = { blackHole(factory.build()) }
        case "swinject":
            let container = ATMBenchSwinject.container()
            build = { blackHole(container.resolve(ATMDepositer.self)!) }
        default:
            throw Probe.ProbeUsage()
        }
        for _ in 0..<small { build() }
        let afterSmall = HeapUsage.settledBytesInUse()
        for _ in small..<large { build() }
        let afterLarge = HeapUsage.settledBytesInUse()
        return [afterSmall, afterLarge]
    }
}

extension Int {
    /// The number with thousands separators: `1,000,000`.
    var formatted: String {
        Report.format(Double(self))
    }
}
