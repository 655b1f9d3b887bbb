internal import BenchmarkSupport
internal import HandScale600
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
/// operations run their COUNT operations in one task. `Scripts/check-thresholds` measures some
/// of them this way and compares them with `Benchmarks/Thresholds.tsv`.
enum ProfileProbe {
    static let operations = [
        "atm-hand", "atm-wiring", "atm-swinject", "singleton-hand", "singleton-wiring",
        "of-6k", "build-6k", "hand-6k", "register-6k",
        "async-hit-hand", "async-hit-wiring", "async-build-hand", "async-build-wiring",
        "wide-hand", "wide-wiring", "provider-hand", "provider-wiring", "chain-hand", "chain-wiring",
    ]

    static func run(_ operation: String, count: Int) throws {
        switch operation {
        case "atm-hand":
            for _ in 0..<count { blackHole(HandATMComponent().root()) }
        case "atm-wiring":
            let factory = try ComponentFactory.of(ATMBenchComponent.self)
            for _ in 0..<count { blackHole(factory.build()) }
        case "atm-swinject":
            let container = ATMBenchSwinject.container()
            for _ in 0..<count { blackHole(container.resolve(ATMDepositer.self)) }
        case "singleton-hand":
            let holder = SessionHolder()
            let read: () -> BenchSession = opaque { holder.session }
            for _ in 0..<count { blackHole(read()) }
        case "singleton-wiring":
            let provider = try ComponentFactory.of(SessionComponent.self).build()
            for _ in 0..<count { blackHole(provider.get()) }
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
        case "async-hit-hand":
            let cache = HandAsyncSessionCache()
            try runBlocking { for _ in 0..<count { blackHole(await cache.session()) } }
        case "async-hit-wiring":
            // The first hit makes the value; it is in every count, so it cancels out.
            let provider = try ComponentFactory.of(AsyncSessionComponent.self).build()
            try runBlocking { for _ in 0..<count { blackHole(try await provider.get()) } }
        case "async-build-hand":
            try runBlocking { for _ in 0..<count { blackHole(try await HandAsyncATM.build()) } }
        case "async-build-wiring":
            let factory = try AsyncComponentFactory.of(AsyncATMComponent.self)
            try runBlocking { for _ in 0..<count { blackHole(try await factory.build()) } }
        case "wide-hand":
            for _ in 0..<count { blackHole(makeWideByHand()) }
        case "wide-wiring":
            let provider = try ComponentFactory.of(WideComponent.self).build()
            for _ in 0..<count { blackHole(provider.get()) }
        case "provider-hand":
            let root = HandCheckoutRoot()
            for _ in 0..<count { blackHole(root.checkout()) }
        case "provider-wiring":
            let provider = try ComponentFactory.of(CheckoutComponent.self).build()
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
