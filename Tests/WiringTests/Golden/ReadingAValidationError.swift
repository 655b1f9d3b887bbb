// The first example of the article "Reading a validation error", as the article shows it, and
// its golden case: the article quotes Tests/Fixtures/Diagnostics/ReadingAValidationError.txt.

import Wiring

/// The article's types, in a namespace of their own: WiringTests has other `Teller`s.
enum BrokenBankExample {
    struct Vault {
        init(audit: Audit) {}
    }

    struct Audit {
        init(vault: Vault) {}
    }

    struct Teller {
        init(scanner: Scanner) {}
    }

    struct Scanner {}

    struct BrokenBankComponent: RootComponent {
        typealias Root = Teller

        static func configure(binder: Binder<Unscoped>) {
            binder.bind(Vault.self, file: "Bank/VaultModule.swift", line: 4).to(factory: Vault.init)
            binder.bind(Audit.self, file: "Bank/VaultModule.swift", line: 5).to(factory: Audit.init)
            binder.bind(Teller.self, file: "Bank/TellerModule.swift", line: 7).to(factory: Teller.init)
            binder.bind(Teller.self, file: "Bank/LegacyModule.swift", line: 3).to(factory: Teller.init)
        }

        static func configureRoot(binder bind: ReceiptBinder<Teller>) -> BindingReceipt<Teller> {
            bind.to(file: "Bank/BankComponent.swift", line: 12) { (teller: Teller) in teller }
        }
    }
}

extension GoldenGraphs {
    enum ReadingAValidationError: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(BrokenBankExample.BrokenBankComponent.self) }
    }
}
