internal import BenchmarkSupport
internal import Wiring
internal import WiringScaleRest

// Scenario 5: how `ComponentFactory.of` grows with the graph: the first 1,000, 2,000, 4,000 and
// 8,000 bindings of the generated scale graph, measured interleaved; time per binding should
// stay flat. The factories a batch makes are released after it, untimed.

let growthScenario = Scenario(key: "growth", title: "5. Growth of `of`") { context in
    let kept = Retainer()
    func contender<C: RootComponent>(_ component: C.Type, _ name: String) -> Contender {
        Contender(name, afterBatch: kept.releaseAll) { n in
            for _ in 0..<n { kept.keep(try ComponentFactory.of(C.self)) }
        }
    }
    let sizes = [1000, 2000, 4000, 8000]
    let plan = Interleaved(rounds: context.isQuick ? 5 : 15, minimumBatch: .milliseconds(20), warmUpBatches: 1)
    let timings = try plan.measure([
        contender(ScaleComponent1k.self, "1k"),
        contender(ScaleComponent2k.self, "2k"),
        contender(ScaleComponent4k.self, "4k"),
        contender(ScaleComponent8k.self, "8k"),
    ])
    let perBinding = zip(timings, sizes).map { timing, size in timing.median / Double(size) }
    for (index, timing) in timings.enumerated() {
        let size = Double(sizes[index])
        context.add(
            "of, \(timing.name) bindings (per binding)", timing, unit: "ns/binding", scale: 1 / size,
            note: "\(Report.format(timing.median * 1e-6)) ms per of; \(Report.ratio(perBinding[index] / perBinding[0])) the 1k cost per binding"
        )
    }
    let growth = perBinding[3] / perBinding[0]
    context.report.check("of: time per binding at 8k within 1.2× of 1k", measured: Report.ratio(growth), isMet: growth <= 1.2)
}
