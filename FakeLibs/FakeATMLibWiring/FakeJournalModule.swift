import ATMLib
import FakeATMLib
public import Wiring

/// Binds `ATMLib`'s `DepositJournal` to the in-memory `InMemoryDepositJournal`, one per built
/// component; the fake itself is bound too, so a test can inspect or script it.
public struct FakeJournalModule: Module {
    /// Binds `InMemoryDepositJournal` (shared) and `DepositJournal` to it.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(InMemoryDepositJournal.self).sharedInScope().to { InMemoryDepositJournal() }
        binder.bind((any DepositJournal).self).to { (journal: InMemoryDepositJournal) in journal }
    }
}
