import ATMLib
import ATMLibWiring
import BankNetwork
import BankNetworkWiring
import BillScannerWiring
import Network
import Wiring

/// The app's object graph: the ATM library, the bill scanner and the libcurl bank client, with
/// the settings of one run (the ATM's configuration and the bank client's) as its seed.
struct ATMRootComponent: RootComponent {
    typealias Seed = ProductionSeed
    typealias Root = ATM

    static func configure(binder: Binder<Singleton>) {
        binder.bind(ATMConfiguration.self).to { (seed: ProductionSeed) in seed.configuration }
        binder.bind(BankConfiguration.self).to { (seed: ProductionSeed) in seed.bank }
        binder.bind((any NetworkExecutor).self).to { (bank: BankNetworkExecutor) in bank }
        binder.include(module: ATMLibModule.self)
        binder.include(module: BillScannerModule.self)
        binder.include(module: BankNetworkModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATM>) -> BindingReceipt<ATM> {
        bind.to { (atm: ATM) in atm }
    }
}
