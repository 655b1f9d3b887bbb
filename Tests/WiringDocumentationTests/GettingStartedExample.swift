// The example of the article GettingStarted, as the article shows it.

import Synchronization
import Wiring


final class BillScanner: Sendable {
    func totalCents(of notes: [Int]) -> Int {
        notes.reduce(0, +) * 100
    }
}

protocol NetworkExecutor: Sendable {
    func deposit(cents: Int) -> Int
}

struct ATMDepositer {
    let scanner: BillScanner
    let network: any NetworkExecutor

    func deposit(_ notes: [Int]) -> Int {
        network.deposit(cents: scanner.totalCents(of: notes))
    }
}

struct ATMLibModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(BillScanner.self).to(factory: BillScanner.init)
    }
}

struct NetworkModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any NetworkExecutor).self).sharedInScope().to(factory: RecordingNetwork.init)
    }
}

struct ApplicationRootComponent: RootComponent {
    typealias Root = ATMDepositer

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: NetworkModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to(factory: ATMDepositer.init)
    }
}

// MARK: - Support

final class RecordingNetwork: NetworkExecutor {
    private let balance = Ledger()

    func deposit(cents: Int) -> Int {
        balance.add(cents)
    }
}

final class Ledger: Sendable {
    private let cents = Mutex(0)

    func add(_ amount: Int) -> Int {
        cents.withLock { total in
            total += amount
            return total
        }
    }
}
