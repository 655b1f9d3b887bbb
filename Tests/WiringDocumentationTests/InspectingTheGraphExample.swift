// The examples of the article InspectingTheGraph, as the article shows them: its blocks, in
// order, as one file.

import Testing
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

func statementTree() throws -> String {
    let graph = try ComponentFactory.of(StatementComponent.self).graph
    return graph.rendered(as: .text)
}

@Test func theStatementGraphCanBeQueried() throws {
    let graph = try ComponentFactory.of(StatementComponent.self).graph
    let ledger = try #require(graph.bindings(of: StatementLedger.self).first)
    #expect(ledger.scope == "Wiring.Singleton")
    #expect(graph.dependencies(of: graph.root).map(\.kind) == [.provider, .instance])
}
