// A plain module's binding whose initialiser asks for a type that only a private module binds:
// `of` reports it at the requesting binding, and so does the build (the LinkedWiring checks read
// `init(store:)`; `DifferentialTests` holds them to this file's expected output).

import Wiring

final class LedgerStoreKeptPrivately: Sendable {
    init() {}
}

struct LedgerWriterAskingForAKeptStore: Sendable {
    init(store: LedgerStoreKeptPrivately) {}
}

struct LedgerStorageModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(LedgerStoreKeptPrivately.self, file: "LedgerWiring/LedgerStorageModule.swift", line: 5)
            .to(factory: LedgerStoreKeptPrivately.init)
    }
}

struct LedgerReportsModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(LedgerWriterAskingForAKeptStore.self, file: "ReportsWiring/LedgerReportsModule.swift", line: 9)
            .to(factory: LedgerWriterAskingForAKeptStore.init)
    }
}

struct LedgerRoot: RootComponent {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LedgerStorageModule.self)
        binder.include(module: LedgerReportsModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<LedgerWriterAskingForAKeptStore>) -> BindingReceipt<LedgerWriterAskingForAKeptStore> {
        bind.to(file: "App/LedgerRoot.swift", line: 20) { (writer: LedgerWriterAskingForAKeptStore) in writer }
    }
}

extension GoldenGraphs {
    enum KeptTypeAskedForByAnInitIsReportedAtTheRequest: GoldenGraph {
        static func validate() throws {
            _ = try ComponentFactory.of(LedgerRoot.self)
        }
    }
}
