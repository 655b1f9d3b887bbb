public import Wiring

// The ATM graph of scenario 1 (and the async one of scenario 12): the root has three levels of
// dependencies below it and one binding shared in the component's scope. The threshold probes
// and `wiring-bench` share it, so the numbers of both come from the same code.

// MARK: - The graph

public final class ATMCurrency: Sendable {
    public let code: String
    public init() { code = "USD" }
}

public final class ATMDenominationTable: Sendable {
    public let currency: ATMCurrency
    public let largest: Int
    public init(currency: ATMCurrency) {
        self.currency = currency
        largest = 100
    }
}

public final class ATMBillScanner: Sendable {
    public let table: ATMDenominationTable
    public init(table: ATMDenominationTable) { self.table = table }
}

public final class ATMBankSettings: Sendable {
    public let port: Int
    public init() { port = 8080 }
}

public final class ATMNetwork: Sendable {
    public let settings: ATMBankSettings
    public init(settings: ATMBankSettings) { self.settings = settings }
}

public final class ATMDepositer: Sendable {
    public let scanner: ATMBillScanner
    public let network: ATMNetwork
    public init(scanner: ATMBillScanner, network: ATMNetwork) {
        self.scanner = scanner
        self.network = network
    }
}

// MARK: - Hand-written

/// What a hand-written app does per build: a component object that holds the shared network in
/// a lazily created field, and the root made from it.
public final class HandATMComponent {
    private lazy var network = ATMNetwork(settings: ATMBankSettings())

    /// Not inlined, so the optimiser cannot put the component on the stack: like the instance
    /// `build` makes, it lives on the heap.
    @inline(never)
    public init() {}

    public func root() -> ATMDepositer {
        ATMDepositer(scanner: ATMBillScanner(table: ATMDenominationTable(currency: ATMCurrency())), network: network)
    }

    /// The six objects and nothing else.
    public static func plainRoot() -> ATMDepositer {
        ATMDepositer(
            scanner: ATMBillScanner(table: ATMDenominationTable(currency: ATMCurrency())),
            network: ATMNetwork(settings: ATMBankSettings())
        )
    }
}

// MARK: - Wiring

public struct ATMBenchModule: Module {
    public typealias Scope = Singleton

    public static func configure(binder: Binder<Singleton>) {
        binder.bind(ATMCurrency.self).to(factory: ATMCurrency.init)
        binder.bind(ATMDenominationTable.self).to(factory: ATMDenominationTable.init)
        binder.bind(ATMBillScanner.self).to(factory: ATMBillScanner.init)
        binder.bind(ATMBankSettings.self).to(factory: ATMBankSettings.init)
        binder.bind(ATMNetwork.self).sharedInScope().to(factory: ATMNetwork.init)
    }
}

public struct ATMBenchComponent: RootComponent {
    public typealias Root = ATMDepositer
    public typealias Scope = Singleton

    public static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMBenchModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to(factory: ATMDepositer.init)
    }
}
