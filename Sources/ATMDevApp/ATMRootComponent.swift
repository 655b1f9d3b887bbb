import ATMLib
import ATMLibWiring
import BillScannerWiring
import FakeNetworkWiring
import Network
import Wiring

/// The app's object graph: the ATM library, the bill scanner, and a network layer.
struct ATMRootComponent: RootComponent {
    typealias Seed = BankConfiguration
    typealias Root = ATMDepositer

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: BillScannerModule.self)
        binder.include(module: FakeBankNetworkModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to { (depositer: ATMDepositer) in depositer }
    }
}
