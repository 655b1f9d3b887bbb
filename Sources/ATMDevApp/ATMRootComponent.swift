import ATMLib
import ATMLibWiring
import BillScannerWiring
import FakeNetworkWiring
import Network
import Wiring

/// The app's object graph: the ATM library, the bill scanner and the in-memory bank, with the
/// configuration of one run (account, bank and journal) as its seed.
struct ATMRootComponent: RootComponent {
    typealias Seed = ATMConfiguration
    typealias Root = ATM

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: BillScannerModule.self)
        binder.include(module: FakeBankNetworkModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATM>) -> BindingReceipt<ATM> {
        bind.to { (atm: ATM) in atm }
    }
}
