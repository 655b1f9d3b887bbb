internal import BenchmarkSupport
internal import ProbeGraphs
internal import Swinject
internal import Wiring

// Scenario 1: `build` of the ATM graph. The root has three levels of dependencies below it and
// one binding shared in the component's scope:
//
//     ATMDepositer
//     ├── ATMBillScanner
//     │   └── ATMDenominationTable
//     │       └── ATMCurrency
//     └── ATMNetwork  (shared: one per built component)
//         └── ATMBankSettings
//
// One build makes six objects. The hand-written baseline makes the same six objects plus what
// `build` adds: a component object per build that holds the shared network in a lazily created
// field. The plain-construction line makes the six objects and nothing else. Swinject resolves
// the root from a container whose registrations use its default `.graph` scope, which shares
// the network within one resolve, as a build shares it within one component.

let atmGraphScenario = Scenario(key: "atm", title: "1. ATM graph build") { context in
    let wiring = try ComponentFactory.of(ATMBenchComponent.self)
    let swinject = ATMBenchSwinject.container()
    let timings = try context.fastPlan.measure([
        Contender("hand-written") { n in
            for _ in 0..<n { blackHole(HandATMComponent().root()) }
        },
        Contender("plain construction") { n in
            for _ in 0..<n { blackHole(HandATMComponent.plainRoot()) }
        },
        Contender("Wiring") { n in
            for _ in 0..<n { blackHole(wiring.build()) }
        },
        Contender("Swinject") { n in
            for _ in 0..<n { blackHole(swinject.resolve(ATMDepositer.self)!) }
        },
    ])
    let (hand, plain, wired, swinjected) = (timings[0], timings[1], timings[2], timings[3])
    context.add("hand-written (component object + objects)", hand)
    context.add("plain construction (objects only)", plain)
    context.add("Wiring build", wired, note: "\(ratioNote(wired, over: hand, "hand-written")), \(ratioNote(wired, over: plain, "plain"))")
    context.add("Swinject resolve", swinjected, note: ratioNote(swinjected, over: wired, "Wiring"))
    let overHand = wired.median / hand.median
    let underSwinject = swinjected.median / wired.median
    context.report.check("ATM build ≤ 1.10× hand-written (in time; CI holds its instructions)", measured: Report.ratio(overHand), isMet: overHand <= 1.10)
    context.report.check("ATM build ≥ 30× faster than Swinject", measured: Report.ratio(underSwinject), isMet: underSwinject >= 30)
}

// MARK: - Swinject

enum ATMBenchSwinject {
    /// The same graph in Swinject's default `.graph` scope: the network is shared within one resolve.
    static func container() -> Container {
        let container = Container()
        container.register(ATMCurrency.self) { _ in ATMCurrency() }
        container.register(ATMDenominationTable.self) { r in ATMDenominationTable(currency: r.resolve(ATMCurrency.self)!) }
        container.register(ATMBillScanner.self) { r in ATMBillScanner(table: r.resolve(ATMDenominationTable.self)!) }
        container.register(ATMBankSettings.self) { _ in ATMBankSettings() }
        container.register(ATMNetwork.self) { r in ATMNetwork(settings: r.resolve(ATMBankSettings.self)!) }
        container.register(ATMDepositer.self) { r in
            ATMDepositer(scanner: r.resolve(ATMBillScanner.self)!, network: r.resolve(ATMNetwork.self)!)
        }
        return container
    }
}
