// The example of the article InspectingTheGraph, as the article shows it.

import Wiring


struct Statement {
    init(ledger: Provider<StatementLedger>, owner: String) {}
}

final class StatementLedger: Sendable {}

struct StatementComponent: RootComponent {
    typealias Seed = String
    typealias Root = Statement

    static func configure(binder: Binder<Singleton>) {
        binder.bind(StatementLedger.self, file: "Bank/LedgerModule.swift", line: 3).sharedInScope().to(factory: StatementLedger.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<Statement>) -> BindingReceipt<Statement> {
        bind.to(file: "Bank/StatementComponent.swift", line: 9, factory: Statement.init)
    }
}
