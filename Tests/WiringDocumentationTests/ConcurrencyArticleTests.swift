import Foundation
import Testing
import Wiring

/// Runs the examples of "Concurrency: actors, async and throwing factories"
/// (Wiring.docc/Concurrency.md) and checks that the diagnostic, the error and the tree the
/// article prints are the ones Wiring gives, word for word. `DocumentationExampleTests` checks
/// that every code block of the article is compiled.
struct ConcurrencyArticleTests {
    /// The article's ```text blocks, in order.
    static func textBlocks() throws -> [String] {
        let article = try String(contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("Concurrency.md"), encoding: .utf8)
        return DocumentationExampleTests.blocks(in: article, language: "text")
    }

    /// Every ```text block of the article is what Wiring prints, in the article's order: the
    /// diagnostic of a subcomponent's synchronous factory, the error of a factory, the diagnostic
    /// of an effect with nowhere to run, the graph's tree.
    @Test func theArticlesTextBlocksAreWhatWiringPrintsInOrder() async throws {
        guard case let .failure(resolution) = await openStatements(at: "history.txt") else {
            Issue.record("history.txt was opened")
            return
        }
        let subcomponent = try #require(throws: ValidationError.self) { try ComponentFactory.of(AccountHistoriesComponent.self) }
        let validation = try #require(throws: ValidationError.self) { try ComponentFactory.of(HistoryComponent.self) }
        let tree = try AsyncComponentFactory.of(HistoryComponent.self).graph.rendered(as: .text)
        #expect(try Self.textBlocks() == [subcomponent.description, resolution.description, validation.description, String(tree.dropLast())])
    }

    @Test func eachAccountsHistoryIsASubcomponentBuiltByItsAsyncFactory() async throws {
        let (checking, savings) = try await openTwoAccounts()
        #expect(checking.account == "checking")
        #expect(savings.account == "savings")
        #expect(checking.database === savings.database)
        #expect(await checking.database.amounts() == [120_000, -4_500])
    }

    @Test func anAccountsHistoryWhoseDatabaseCannotOpenReachesTheCallerAsAResolutionError() async throws {
        let screen = try ComponentFactory.of(BankAppComponent.self).build("history.txt")
        let error = try await #require(throws: ResolutionError.self) { try await screen.open("checking") }
        #expect(error.description == """
            The factory of HistoryDatabase at Bank/HistoryModule.swift:5 in BankAppComponent threw: history.txt is not a SQLite database
              required by AccountHistory, the root of AccountHistoryComponent at Bank/AccountHistoryComponent.swift:9
            """)
    }

    @Test func theSynchronousFactoryOfTheAccountsHistoryIsReportedWhereItIsTaken() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(AccountHistoriesComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
        #expect(try Self.textBlocks().contains(error.description))
    }

    @MainActor
    @Test func theAppBuildsItsRootSynchronouslyOnTheMainActor() throws {
        let screen = firstBankingScreen()
        guard case let .accounts(model) = screen else {
            Issue.record("the app shows \(screen) instead of its accounts")
            return
        }
        #expect(model.store.accounts == ["Checking", "Savings"])
        let transfer = try model.startTransfer()
        #expect(transfer.store === model.store)
        #expect(transfer.limitCents == 100_000)
    }

    @MainActor
    @Test func anAccountsFileThatCannotBeReadReachesTheAppAsAResolutionError() throws {
        let factory = try MainActorComponentFactory.of(BankingComponent.self)
        let error = try #require(throws: ResolutionError.self) { try factory.build(BankingConfiguration(accountsFile: "accounts.txt")) }
        #expect("\(error.underlying)" == "cannot read the accounts in accounts.txt")
        #expect(error.binding == "AccountsStore")
    }

    @Test func theSynchronousFactoryReportsBothEffectsOfTheApp() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BankingComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect, .unhandledEffect])
    }

    @Test func theHistoryIsOpenedByTheAsyncFactory() async throws {
        #expect(try await historyBalance() == 115_500)
        let statements = try await AsyncComponentFactory.of(HistoryComponent.self).build("history.sqlite")
        #expect(statements.database.path == "history.sqlite")
    }

    @Test func theSynchronousFactoryReportsTheAsyncRootWordForWord() throws {
        var reported: (any Error)?
        do {
            let statements = try buildHistoryWithoutAwaiting()
            Issue.record("built \(statements), whose database is async")
        } catch {
            reported = error
        }
        let error = try #require(reported as? ValidationError)
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
        #expect(try Self.textBlocks().contains(error.description))
    }

    @Test func aFactoryErrorNamesTheBindingAndTheChainWordForWord() async throws {
        guard case let .failure(error) = await openStatements(at: "history.txt") else {
            Issue.record("history.txt was opened")
            return
        }
        #expect((error.underlying as? HistoryError)?.path == "history.txt")
        #expect(error.componentPath == ["HistoryComponent"])
        #expect(error.requiredBy.map(\.binding) == ["StatementService, the root of HistoryComponent"])
        #expect(try Self.textBlocks().contains(error.description))
        guard case let .success(statements) = await openStatements(at: "history.sqlite") else {
            Issue.record("history.sqlite was not opened")
            return
        }
        #expect(await statements.balance() == 115_500)
    }

    @Test func anAsyncProviderKeepsTheRootSynchronous() async throws {
        #expect(try await loadHistory() == [120_000, -4_500])
    }

    @Test func concurrentRequestsShareOneDatabase() async throws {
        let screen = try ComponentFactory.of(HistoryScreenComponent.self).build("history.sqlite")
        let (one, other) = try await openTheDatabaseTwice(from: screen)
        #expect(one === other)
        let thousand = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ObjectIdentifier(try await screen.database.get()) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(thousand == [ObjectIdentifier(one)])
    }

    @Test func aTestGivesTheScreenADatabaseOfItsOwn() async throws {
        let screen = fixtureHistoryScreen()
        #expect(try await screen.load() == [120_000, -4_500])
        #expect(try await screen.database.get().path == "fixture.sqlite")
    }

    @Test func theGraphShowsEachBindingsOwnEffects() throws {
        let graph = try AsyncComponentFactory.of(HistoryComponent.self).graph
        let tree = graph.rendered(as: .text)
        let database = graph.bindings(of: HistoryDatabase.self)[0]
        #expect(database.effects == [.async, .throwing])
        #expect(graph.binding(withID: graph.root)?.effects == [])
        #expect(try Self.textBlocks().contains(String(tree.dropLast())))
        #expect(graph.rendered(as: .json).contains("""
                  "effects" : [
                    "async",
                    "throws"
                  ],
            """))
    }

    @Test func aMapOfAsyncProvidersMakesOnlyTheExporterAskedFor() async throws {
        let menu = try ComponentFactory.of(ExportMenuComponent.self).build()
        #expect(try await exportAsCSV() == "12,30")
        #expect(try await menu.export([12, 30], as: "pdf") == "PDF of 2 amounts")
        #expect(try await menu.export([12, 30], as: "html") == nil)
    }
}
