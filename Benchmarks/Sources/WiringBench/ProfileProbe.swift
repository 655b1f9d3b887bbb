internal import BenchmarkSupport
internal import HandScale600
internal import ProbeGraphs
internal import Swinject
internal import SwinjectScale600
internal import Wiring
internal import WiringScaleRest

/// `wiring-bench --probe profile OPERATION COUNT`: performs one operation of a scenario COUNT
/// times and nothing else, for a profiler:
///
///     valgrind --tool=callgrind Benchmarks/.build/release/wiring-bench --probe profile atm-wiring 100000
///     callgrind_annotate callgrind.out.<pid>
///
/// Run it with two counts and divide the difference of the totals by the difference of the
/// counts: the set-up cancels out, and what is left is the cost of one operation. The async
/// operations run their COUNT operations in one task. `Scripts/check-thresholds` counts the
/// threshold probes' (`ThresholdProbe`, which `wiring-probe` alone also runs) this way and
/// compares them with `Benchmarks/Thresholds.tsv`.
enum ProfileProbe {
    /// The operations of this binary: the threshold probes' (`ThresholdProbe`) and the ones that
    /// need Swinject, the 6,000-binding scale graph or a scenario's graph.
    static let operations = ThresholdProbe.operations + [
        "atm-swinject", "of-6k", "build-6k", "hand-6k", "register-6k",
        "wide-hand", "wide-wiring", "chain-hand", "chain-wiring",
    ]

    static func run(_ operation: String, count: Int) throws {
        if try ThresholdProbe.run(operation, count: count) { return }
        switch operation {
        case "atm-swinject":
            let container = ATMBenchSwinject.container()
            for _ in 0..<count { blackHole(container.resolve(ATMDepositer.self)) }
        case "of-6k":
            for _ in 0..<count { blackHole(try ComponentFactory.of(ScaleComponent6k.self)) }
        case "build-6k":
            let factory = try ComponentFactory.of(ScaleComponent6k.self)
            for _ in 0..<count { blackHole(factory.build()) }
        case "hand-6k":
            for _ in 0..<count { blackHole(makeScale6000()) }
        case "register-6k":
            for _ in 0..<count {
                let container = Container()
                registerScale6000(container)
                blackHole(container)
            }
        case "wide-hand":
            for _ in 0..<count { blackHole(makeWideByHand()) }
        case "wide-wiring":
            let provider = try ComponentFactory.of(WideComponent.self).build()
            for _ in 0..<count { blackHole(provider.get()) }
        case "chain-hand":
            for _ in 0..<count { blackHole(makeChainByHand()) }
        case "chain-wiring":
            let provider = try ComponentFactory.of(ChainComponent.self).build()
            for _ in 0..<count { blackHole(provider.get()) }
        default:
            throw Probe.ProbeUsage()
        }
    }
}
