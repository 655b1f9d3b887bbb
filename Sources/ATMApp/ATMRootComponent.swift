import ATMLib
import ATMLibWiring
import BillScannerWiring
import Network
import NetworkWiring
import Wiring

/// The app's object graph: the ATM library, the bill scanner and a network layer, with the
/// configuration of one run (bank and journal) as its seed.
struct ATMRootComponent: RootComponent {
    typealias Seed = ATMConfiguration
    typealias Root = ATM

    static func configure(binder: Binder<Singleton>) {
        binder.bind(BankConfiguration.self).to { (configuration: ATMConfiguration) in configuration.bank }
        binder.include(module: ATMLibModule.self)
        binder.include(module: BillScannerModule.self)
        binder.include(module: BankNetworkModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATM>) -> BindingReceipt<ATM> {
        bind.to { (atm: ATM) in atm }
    }
}
