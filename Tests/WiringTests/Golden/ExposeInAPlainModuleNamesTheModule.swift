// An `expose` in a plain `Module`: the message names the module that calls it, as every other
// message names its module, not only the component's graph.

import Wiring

enum ExposeInAPlainModuleExample {
    struct StatementFormatter: Sendable {}

    /// Meant to be a `PrivateModule`: it exposes one of its bindings.
    struct StatementsModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.bind(StatementFormatter.self, file: "StatementsWiring/StatementsModule.swift", line: 6).to(value: StatementFormatter())
            binder.expose(StatementFormatter.self, file: "StatementsWiring/StatementsModule.swift", line: 7)
        }
    }

    struct StatementsRoot: RootComponent {
        typealias Root = StatementFormatter
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: StatementsModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<StatementFormatter>) -> BindingReceipt<StatementFormatter> {
            bind.to(file: "App/StatementsRoot.swift", line: 12) { (formatter: StatementFormatter) in formatter }
        }
    }
}

extension GoldenGraphs {
    enum ExposeInAPlainModuleNamesTheModule: GoldenGraph {
        static func validate() throws {
            _ = try ComponentFactory.of(ExposeInAPlainModuleExample.StatementsRoot.self)
        }
    }
}
