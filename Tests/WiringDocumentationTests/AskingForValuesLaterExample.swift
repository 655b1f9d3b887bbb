// The examples of the article AskingForValuesLater, as the article shows them.

import Wiring

final class DeskClock: Sendable {}

final class DeskArchive: Sendable {}

final class MonthlyStatement: Sendable {
    let clock: Provider<DeskClock>
    let archive: Lazy<DeskArchive>
    let desk: WeakProvider<CashierDesk>
    let rate: Double?

    init(clock: Provider<DeskClock>, archive: Lazy<DeskArchive>, desk: WeakProvider<CashierDesk>, rate: Double?) {
        self.clock = clock
        self.archive = archive
        self.desk = desk
        self.rate = rate
    }
}

final class CashierDesk: Sendable {
    let statements: @Sendable () -> MonthlyStatement

    init(statements: @escaping @Sendable () -> MonthlyStatement) {
        self.statements = statements
    }
}

struct DeskComponent: RootComponent {
    typealias Root = CashierDesk

    static func configure(binder: Binder<Singleton>) {
        binder.bind(DeskClock.self).to(factory: DeskClock.init)
        binder.bind(DeskArchive.self).to(factory: DeskArchive.init)
        binder.bind(MonthlyStatement.self).to(factory: MonthlyStatement.init)
        binder.bind(CashierDesk.self).sharedInScope().to(factory: CashierDesk.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<CashierDesk>) -> BindingReceipt<CashierDesk> {
        bind.to { (desk: CashierDesk) in desk }
    }
}

func openMonthlyStatement() throws -> (desk: CashierDesk, statement: MonthlyStatement) {
    let desk = try ComponentFactory.of(DeskComponent.self).build()
    return (desk, desk.statements())
}
