import ATMLib
public import Wiring

/// Binds the types of `ATMLib`, and nothing else: the depositer, the synchronizer of pending
/// deposits, the file-backed journal and its location, and the `ATM` root.
///
/// The component provides `ATMLib`'s `ATMConfiguration` (the apps make it from their seed), and
/// the modules of the libraries `ATMLib` uses provide a `BillScanner` and a `NetworkExecutor`.
public struct ATMLibModule: Module {
    /// Binds `ATM`, `ATMDepositer`, `DepositSynchronizer`, `DepositJournal` and `JournalLocation`.
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(JournalLocation.self).to { (configuration: ATMConfiguration) in configuration.journal }
        binder.bind((any DepositJournal).self).to { (location: JournalLocation) throws in
            try FileDepositJournal(opening: location)
        }
        binder.bind(ATMDepositer.self).to(factory: ATMDepositer.init)
        binder.bind(DepositSynchronizer.self).to(factory: DepositSynchronizer.init)
        binder.bind(ATM.self).to(factory: ATM.init)
    }
}
