internal import BenchmarkSupport
internal import Synchronization
internal import Wiring

// Scenario 12: effects. A hit on an async shared binding through `AsyncProvider.get()`, after
// the value was made, against a hand-written async cache of the same object; and a build of the
// ATM graph whose shared network is opened by an `async throws` initialiser, through
// `AsyncComponentFactory.build`, against the same construction written by hand with `async`
// and `await`. Each batch of `n` operations runs in one task (`runBlocking`), so the task's cost
// is spread over the batch.

let asyncGraphScenario = Scenario(key: "async", title: "12. Effects: async shared hit and async build") { context in
    let provider = try ComponentFactory.of(AsyncSessionComponent.self).build()
    try runBlocking { blackHole(try await provider.get()) }  // made once, before timing
    let cache = HandAsyncSessionCache()
    try runBlocking { blackHole(await cache.session()) }
    let hits = try context.fastPlan.measure([
        Contender("hand-written") { n in
            try runBlocking { for _ in 0..<n { blackHole(await cache.session()) } }
        },
        Contender("Wiring") { n in
            try runBlocking { for _ in 0..<n { blackHole(try await provider.get()) } }
        },
    ])
    context.add("hand-written: async cache (lock, read)", hits[0])
    context.add("Wiring: AsyncProvider.get()", hits[1], note: ratioNote(hits[1], over: hits[0], "hand-written"))

    let factory = try AsyncComponentFactory.of(AsyncATMComponent.self)
    let builds = try context.fastPlan.measure([
        Contender("hand-written") { n in
            try runBlocking { for _ in 0..<n { blackHole(try await HandAsyncATM.build()) } }
        },
        Contender("Wiring") { n in
            try runBlocking { for _ in 0..<n { blackHole(try await factory.build()) } }
        },
    ])
    context.add("hand-written: async ATM construction", builds[0])
    context.add("Wiring: AsyncComponentFactory.build", builds[1], note: ratioNote(builds[1], over: builds[0], "hand-written"))
    let hitRatio = hits[1].median / hits[0].median
    let buildRatio = builds[1].median / builds[0].median
    context.report.check("AsyncProvider.get() of a made value ≤ 1.5× hand-written", measured: Report.ratio(hitRatio), isMet: hitRatio <= 1.5)
    context.report.check("AsyncComponentFactory.build of the ATM ≤ 3× hand-written", measured: Report.ratio(buildRatio), isMet: buildRatio <= 3)
}

// MARK: - The async shared hit

struct AsyncSessionComponent: RootComponent {
    typealias Root = AsyncProvider<BenchSession>
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.bind(BenchSession.self).sharedInScope().to { () async in BenchSession() }
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<BenchSession>>) -> BindingReceipt<AsyncProvider<BenchSession>> {
        bind.to { (session: AsyncProvider<BenchSession>) in session }
    }
}

/// What an app writes by hand for a value made once by async code: a lock around the made value.
final class HandAsyncSessionCache: Sendable {
    private let made = Mutex<BenchSession?>(nil)

    func session() async -> BenchSession {
        if let session = made.withLock({ $0 }) { return session }
        let session = await Self.open()
        return made.withLock { stored in
            if let stored { return stored }
            stored = session
            return session
        }
    }

    @inline(never)
    static func open() async -> BenchSession { BenchSession() }
}

// MARK: - The async ATM build

/// The ATM graph's network, opened asynchronously (as a connection pool would be).
final class AsyncATMNetwork: Sendable {
    let settings: ATMBankSettings
    init(settings: ATMBankSettings) async throws {
        self.settings = settings
    }
}

final class AsyncATMDepositer: Sendable {
    let scanner: ATMBillScanner
    let network: AsyncATMNetwork
    init(scanner: ATMBillScanner, network: AsyncATMNetwork) {
        self.scanner = scanner
        self.network = network
    }
}

struct AsyncATMComponent: RootComponent {
    typealias Root = AsyncATMDepositer
    typealias Scope = Singleton

    static func configure(binder: Binder<Singleton>) {
        binder.bind(ATMCurrency.self).to(factory: ATMCurrency.init)
        binder.bind(ATMDenominationTable.self).to(factory: ATMDenominationTable.init)
        binder.bind(ATMBillScanner.self).to(factory: ATMBillScanner.init)
        binder.bind(ATMBankSettings.self).to(factory: ATMBankSettings.init)
        binder.bind(AsyncATMNetwork.self).sharedInScope().to(asyncFactory: AsyncATMNetwork.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<AsyncATMDepositer>) -> BindingReceipt<AsyncATMDepositer> {
        bind.to(factory: AsyncATMDepositer.init)
    }
}

/// The same six objects, written by hand with `async` and `await`.
enum HandAsyncATM {
    @inline(never)
    static func build() async throws -> AsyncATMDepositer {
        let network = try await AsyncATMNetwork(settings: ATMBankSettings())
        return AsyncATMDepositer(scanner: ATMBillScanner(table: ATMDenominationTable(currency: ATMCurrency())), network: network)
    }
}
