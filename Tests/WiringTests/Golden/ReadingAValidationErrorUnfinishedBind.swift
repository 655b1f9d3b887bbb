// The unfinished `bind()` of the article "Reading a validation error", and its golden case: the
// article quotes Tests/Fixtures/Diagnostics/ReadingAValidationErrorUnfinishedBind.txt.

import Wiring

/// A module whose `bind()` was left without a terminal, named as the article names it.
enum UnfinishedBindExample {
    struct Teller {}

    struct TellerModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            _ = binder.bind(Teller.self, file: "Teller/TellerModule.swift", line: 7)
        }
    }

    struct BankComponent: RootComponent {
        typealias Root = Teller
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: TellerModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Teller>) -> BindingReceipt<Teller> {
            bind.to(file: "Teller/BankComponent.swift", line: 9) { (teller: Teller) in teller }
        }
    }
}

extension GoldenGraphs {
    enum ReadingAValidationErrorUnfinishedBind: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(UnfinishedBindExample.BankComponent.self) }
    }
}
