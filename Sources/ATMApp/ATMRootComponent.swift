import ATMLib
import ATMLibWiring
import BillScannerWiring
import Network
import NetworkWiring
import Wiring

/// The app's object graph: the ATM library, the bill scanner, and a network layer.
struct ATMRootComponent: RootComponent {
    typealias Seed = BankConfiguration
    typealias Root = ATMDepositer

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: BillScannerModule.self)
        binder.include(module: BankNetworkModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to { (depositer: ATMDepositer) in depositer }
    }
}
