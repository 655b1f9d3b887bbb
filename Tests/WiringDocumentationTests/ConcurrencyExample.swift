// The examples of the article Concurrency, as the article shows them: its compiled blocks, in
// order, as one file.

import Testing
import Wiring
import WiringTesting

struct BankingConfiguration: Sendable {
    let accountsFile: String
}

struct BankingError: Error, CustomStringConvertible {
    let file: String
    var description: String { "cannot read the accounts in \(file)" }
}

final class AccountsStore: Sendable {
    let accounts: [String]

    init(configuration: BankingConfiguration) throws {
        guard configuration.accountsFile.hasSuffix(".json") else {
            throw BankingError(file: configuration.accountsFile)
        }
        accounts = ["Checking", "Savings"]
    }
}

@MainActor
final class AccountsViewModel {
    let store: AccountsStore
    private let transfers: MainActorProvider<TransferViewModel>

    init(store: AccountsStore, transfers: MainActorProvider<TransferViewModel>) {
        self.store = store
        self.transfers = transfers
    }

    func startTransfer() throws -> TransferViewModel {
        try transfers.get()
    }
}

@MainActor
final class TransferViewModel {
    let store: AccountsStore
    let limitCents: Int

    init(store: AccountsStore, limitCents: Int) {
        self.store = store
        self.limitCents = limitCents
    }
}

struct BankingComponent: RootComponent {
    typealias Seed = BankingConfiguration
    typealias Root = AccountsViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.bind(AccountsStore.self).sharedInScope().to(throwingFactory: AccountsStore.init)
        binder.bind(TransferViewModel.self).to { @MainActor (store: AccountsStore) in
            TransferViewModel(store: store, limitCents: 100_000)
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<AccountsViewModel>) -> BindingReceipt<AccountsViewModel> {
        bind.to(mainActorFactory: AccountsViewModel.init)
    }
}

enum BankingScreen {
    case accounts(AccountsViewModel)
    case unavailable(String)
}

@MainActor
func firstBankingScreen() -> BankingScreen {
    do {
        let factory = try MainActorComponentFactory.of(BankingComponent.self)
        return .accounts(try factory.build(BankingConfiguration(accountsFile: "accounts.json")))
    } catch let error as ResolutionError {
        return .unavailable("\(error.underlying)")   // the accounts file could not be read
    } catch {
        preconditionFailure("\(error)")              // a ValidationError: the wiring itself is wrong
    }
}

struct HistoryError: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is not a SQLite database" }
}

actor HistoryDatabase {
    let path: String

    init(path: String) async throws {
        guard path.hasSuffix(".sqlite") else { throw HistoryError(path: path) }
        self.path = path
        await Task.yield()   // stands for opening the file and migrating it
    }

    func amounts() -> [Int] {
        [120_000, -4_500]
    }
}

final class StatementService: Sendable {
    let database: HistoryDatabase

    init(database: HistoryDatabase) {
        self.database = database
    }

    func balance() async -> Int {
        await database.amounts().reduce(0, +)
    }
}

struct HistoryModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(HistoryDatabase.self, file: "Bank/HistoryModule.swift", line: 5).sharedInScope().to(asyncFactory: HistoryDatabase.init)
    }
}

struct HistoryComponent: RootComponent {
    typealias Seed = String
    typealias Root = StatementService

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: HistoryModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<StatementService>) -> BindingReceipt<StatementService> {
        bind.to(file: "Bank/HistoryComponent.swift", line: 12, factory: StatementService.init)
    }
}

func historyBalance() async throws -> Int {
    let factory = try AsyncComponentFactory.of(HistoryComponent.self)
    let statements = try await factory.build("history.sqlite")
    return await statements.balance()
}

final class HistoryScreen: Sendable {
    let database: AsyncProvider<HistoryDatabase>

    init(database: AsyncProvider<HistoryDatabase>) {
        self.database = database
    }

    func load() async throws -> [Int] {
        try await database.get().amounts()
    }
}

struct HistoryScreenComponent: RootComponent {
    typealias Seed = String
    typealias Root = HistoryScreen

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: HistoryModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<HistoryScreen>) -> BindingReceipt<HistoryScreen> {
        bind.to(factory: HistoryScreen.init)
    }
}

func loadHistory() async throws -> [Int] {
    let screen = try ComponentFactory.of(HistoryScreenComponent.self).build("history.sqlite")
    return try await screen.load()
}

protocol StatementExporter: Sendable {
    func export(_ amounts: [Int]) -> String
}

actor PDFExporter: StatementExporter {
    init() async {}
    nonisolated func export(_ amounts: [Int]) -> String { "PDF of \(amounts.count) amounts" }
}

struct CSVExporter: StatementExporter {
    func export(_ amounts: [Int]) -> String { amounts.map(String.init).joined(separator: ",") }
}

struct ExportModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any StatementExporter).self).intoMap(key: "pdf").to { () async -> any StatementExporter in
            await PDFExporter()
        }
        binder.bind((any StatementExporter).self).intoMap(key: "csv").to { () -> any StatementExporter in CSVExporter() }
    }
}

struct ExportMenu: Sendable {
    let exporters: [String: AsyncProvider<any StatementExporter>]

    func export(_ amounts: [Int], as format: String) async throws -> String? {
        try await exporters[format]?.get().export(amounts)
    }
}

struct ExportMenuComponent: RootComponent {
    typealias Root = ExportMenu

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ExportModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ExportMenu>) -> BindingReceipt<ExportMenu> {
        bind.to(factory: ExportMenu.init)
    }
}

func exportAsCSV() async throws -> String? {
    let menu = try ComponentFactory.of(ExportMenuComponent.self).build()
    return try await menu.export([12, 30], as: "csv")   // "12,30"; no PDFExporter made
}

func fixtureHistoryScreen() -> HistoryScreen {
    HistoryScreen(database: AsyncProvider { try await HistoryDatabase(path: "fixture.sqlite") })
}

struct AccountNumber: BindingTag {
    typealias Element = String
}

struct AccountScope: Scope {}

final class AccountHistory: Sendable {
    let account: String
    let database: HistoryDatabase

    init(account: TaggedProvider<AccountNumber>, database: HistoryDatabase) {
        self.account = account.get()
        self.database = database
    }
}

struct AccountHistoryComponent: Component {
    typealias Seed = TaggedProvider<AccountNumber>
    typealias Root = AccountHistory

    static func configure(binder: Binder<AccountScope>) {}

    static func configureRoot(binder bind: ReceiptBinder<AccountHistory>) -> BindingReceipt<AccountHistory> {
        bind.to(file: "Bank/AccountHistoryComponent.swift", line: 9, factory: AccountHistory.init)
    }
}

final class AccountsScreen: Sendable {
    let histories: AsyncComponentFactory<AccountHistoryComponent>

    init(histories: AsyncComponentFactory<AccountHistoryComponent>) {
        self.histories = histories
    }

    func open(_ account: String) async throws -> AccountHistory {
        try await histories.build(account)
    }
}

struct BankAppComponent: RootComponent {
    typealias Seed = String
    typealias Root = AccountsScreen

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: HistoryModule.self)
        binder.install(dependency: AccountHistoryComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<AccountsScreen>) -> BindingReceipt<AccountsScreen> {
        bind.to(factory: AccountsScreen.init)
    }
}

func openTwoAccounts() async throws -> (checking: AccountHistory, savings: AccountHistory) {
    let screen = try ComponentFactory.of(BankAppComponent.self).build("history.sqlite")
    let checking = try await screen.open("checking")
    let savings = try await screen.open("savings")
    return (checking, savings)
}

struct AccountHistoriesComponent: RootComponent {
    typealias Seed = String
    typealias Root = ComponentFactory<AccountHistoryComponent>

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: HistoryModule.self)
        binder.install(dependency: AccountHistoryComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "Bank/AccountHistoriesComponent.swift", line: 12) { (histories: ComponentFactory<AccountHistoryComponent>) in
            histories
        }
    }
}

/// Opens the statements of a history file, or says why it cannot.
func openStatements(at path: String) async -> Result<StatementService, ResolutionError> {
    do {
        let factory = try AsyncComponentFactory.of(HistoryComponent.self)
        return .success(try await factory.build(path))
    } catch let error as ResolutionError {
        return .failure(error)                 // error.underlying is the HistoryError
    } catch {
        preconditionFailure("\(error)")        // a ValidationError: the wiring itself is wrong
    }
}

func openTheDatabaseTwice(from screen: HistoryScreen) async throws -> (HistoryDatabase, HistoryDatabase) {
    async let first = screen.database.get()
    async let second = screen.database.get()
    return try await (first, second)
}

func buildHistoryWithoutAwaiting() throws -> StatementService {
    let factory = try ComponentFactory.of(HistoryComponent.self)   // throws the error below
    return factory.build("history.sqlite")
}

@Test func theHistoryDatabaseIsAsyncAndThrows() throws {
    let graph = try AsyncComponentFactory.of(HistoryComponent.self).graph
    let database = graph.bindings(of: HistoryDatabase.self)[0]
    #expect(database.effects == [.async, .throwing])
}
