internal import BenchmarkSupport

// Scenario 11 (issue 8): heap bytes per binding after `of` and after 1,000 builds, for the first
// 1,000, 6,000 and 10,000 bindings of the scale graph. Each size runs in a fresh process: one
// `of` to fill the Swift runtime's caches, three more kept alive (their average is "after of"),
// then 1,000 builds of the first factory with every root released. The first build adds a few
// hundred bytes once (the Swift runtime's caches for the types it meets first); from the first
// build to the last, nothing may grow. Every build makes the whole chain: 1,000 to 10,000 objects.

let memoryAtScaleScenario = Scenario(key: "memory-scale", title: "11. Memory at scale") { context in
    guard HeapUsage.isAvailable else {
        context.add("heap readings", value: .nan, unit: "", note: "mallinfo2 is not available here")
        return
    }
    let builds = context.isQuick ? 100 : 1000
    for size in [1000, 6000, 10000] {
        let readings = try HeapProbe.numbers(["heap-of", "\(size)", "3", "\(builds)"], context: context)
        let label = "\(size / 1000)k bindings"
        context.add("\(label): after of", value: Double(readings[1]) / Double(size), unit: "B/binding",
                    note: "first of with runtime caches: \(Report.format(Double(readings[0]) / Double(size))) B/binding")
        context.add("\(label): after \(builds.formatted) builds", value: Double(readings[1] + readings[2] + readings[3]) / Double(size),
                    unit: "B/binding", note: "growth from build 1 to build \(builds.formatted): \(readings[3]) B; the first build adds \(readings[2]) B once")
    }
}
