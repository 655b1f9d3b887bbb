internal import BenchmarkSupport
internal import ProbeScale
internal import ProbeTypes
internal import Wiring

/// The operations `Scripts/check-thresholds` counts, each performed COUNT times and nothing
/// else: `wiring-probe OPERATION COUNT`, or `wiring-bench --probe profile OPERATION COUNT`.
///
/// Run one under callgrind at two counts and divide the difference of the totals by the
/// difference of the counts: the set-up cancels out, and what is left is the cost of one
/// operation. The async operations run their COUNT operations in one task.
public enum ThresholdProbe {
    public static let operations = [
        "atm-hand", "atm-wiring", "singleton-hand", "singleton-wiring", "of-250", "build-250",
        "async-hit-hand", "async-hit-wiring", "async-build-hand", "async-build-wiring",
        "provider-hand", "provider-wiring",
    ]

    /// Performs `operation` `count` times; false for an operation that is not one of these.
    public static func run(_ operation: String, count: Int) throws -> Bool {
        switch operation {
        case "atm-hand":
            for _ in 0..<count { blackHole(HandATMComponent().root()) }
        case "atm-wiring":
            let factory = try ComponentFactory.of(ATMBenchComponent.self)
            for _ in 0..<count { blackHole(factory.build()) }
        case "singleton-hand":
            let holder = SessionHolder()
            let read: () -> BenchSession = opaque { holder.session }
            for _ in 0..<count { blackHole(read()) }
        case "singleton-wiring":
            let provider = try ComponentFactory.of(SessionComponent.self).build()
            for _ in 0..<count { blackHole(provider.get()) }
        case "of-250":
            for _ in 0..<count { blackHole(try ComponentFactory.of(ProbeScaleComponent.self)) }
        case "build-250":
            let factory = try ComponentFactory.of(ProbeScaleComponent.self)
            for _ in 0..<count { blackHole(factory.build()) }
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
        case "provider-hand":
            let root = HandCheckoutRoot()
            for _ in 0..<count { blackHole(root.checkout()) }
        case "provider-wiring":
            let provider = try ComponentFactory.of(CheckoutComponent.self).build()
            for _ in 0..<count { blackHole(provider.get()) }
        default:
            return false
        }
        return true
    }
}
