internal import Synchronization
public import Wiring

// Scenario 12's graphs: an async shared hit, and the ATM graph whose network opens asynchronously.

// MARK: - The async shared hit

public struct AsyncSessionComponent: RootComponent {
    public typealias Root = AsyncProvider<BenchSession>
    public typealias Scope = Singleton

    public static func configure(binder: Binder<Singleton>) {
        binder.bind(BenchSession.self).sharedInScope().to { () async in BenchSession() }
    }

    public static func configureRoot(binder bind: ReceiptBinder<AsyncProvider<BenchSession>>) -> BindingReceipt<AsyncProvider<BenchSession>> {
        bind.to { (session: AsyncProvider<BenchSession>) in session }
    }
}

/// What an app writes by hand for a value made once by async code: a lock around the made value.
public final class HandAsyncSessionCache: Sendable {
    private let made = Mutex<BenchSession?>(nil)

    public init() {}

    public func session() async -> BenchSession {
        if let session = made.withLock({ $0 }) { return session }
        let session = await Self.open()
        return made.withLock { stored in
            if let stored { return stored }
            stored = session
            return session
        }
    }

    @inline(never)
    public static func open() async -> BenchSession { BenchSession() }
}

// MARK: - The async ATM build

/// The ATM graph's network, opened asynchronously (as a connection pool would be).
public final class AsyncATMNetwork: Sendable {
    public let settings: ATMBankSettings
    public init(settings: ATMBankSettings) async throws {
        self.settings = settings
    }
}

public final class AsyncATMDepositer: Sendable {
    public let scanner: ATMBillScanner
    public let network: AsyncATMNetwork
    public init(scanner: ATMBillScanner, network: AsyncATMNetwork) {
        self.scanner = scanner
        self.network = network
    }
}

public struct AsyncATMComponent: RootComponent {
    public typealias Root = AsyncATMDepositer
    public typealias Scope = Singleton

    public static func configure(binder: Binder<Singleton>) {
        binder.bind(ATMCurrency.self).to(factory: ATMCurrency.init)
        binder.bind(ATMDenominationTable.self).to(factory: ATMDenominationTable.init)
        binder.bind(ATMBillScanner.self).to(factory: ATMBillScanner.init)
        binder.bind(ATMBankSettings.self).to(factory: ATMBankSettings.init)
        binder.bind(AsyncATMNetwork.self).sharedInScope().to(asyncFactory: AsyncATMNetwork.init)
    }

    public static func configureRoot(binder bind: ReceiptBinder<AsyncATMDepositer>) -> BindingReceipt<AsyncATMDepositer> {
        bind.to(factory: AsyncATMDepositer.init)
    }
}

/// The same six objects, written by hand with `async` and `await`.
public enum HandAsyncATM {
    @inline(never)
    public static func build() async throws -> AsyncATMDepositer {
        let network = try await AsyncATMNetwork(settings: ATMBankSettings())
        return AsyncATMDepositer(scanner: ATMBillScanner(table: ATMDenominationTable(currency: ATMCurrency())), network: network)
    }
}
