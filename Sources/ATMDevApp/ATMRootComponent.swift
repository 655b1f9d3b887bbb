import ATMAppSupport
import ATMCLI
import ATMLib
import Network
import Wiring

/// The app's object graph: every module of the wiring libraries the app target links (the
/// LinkedWiring plugin generates `LinkedWiring`), with the settings of one run as its seed.
///
/// `atm` and `atm-dev` have this same file, word for word: which network layer an app gets, the
/// libcurl bank client or the in-memory bank, is one line of Package.swift.
struct ATMRootComponent: RootComponent {
    typealias Seed = ATMRunSettings
    typealias Root = ATMEntry

    static func configure(binder: Binder<Singleton>) {
        binder.bind(ATMConfiguration.self).to { (settings: ATMRunSettings) in settings.configuration }
        binder.bind(BankOptions.self).to { (settings: ATMRunSettings) in settings.bank }
        binder.include(module: LinkedWiring.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMEntry>) -> BindingReceipt<ATMEntry> {
        bind.to(factory: ATMEntry.init)
    }
}
