import Foundation
import Synchronization
import Testing
import Wiring

// Subcomponents whose roots have effects, built by the `AsyncComponentFactory<Sub>` and
// `MainActorComponentFactory<Sub>` that bindings of the installing component take: errors,
// retries, the main actor, and shared values made once under concurrent builds. Part of the
// ThreadSanitizer run (Scripts/test-thread-sanitizer).

@Suite(.tags(.concurrency))
struct SubcomponentEffectTests {
    // MARK: - Subcomponents with effects

    @Test func anAsyncSubcomponentRootIsBuiltByTheAsyncFactoryAParentBindingTakes() async throws {
        let script = BankScript()
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let alice = try await teller.sessions.build("alice")
        let bob = try await teller.sessions.build(TaggedProvider(value: "bob"))
        #expect(alice.user == "alice")
        #expect(bob.user == "bob")
        #expect(alice.ledger.owner == "alice")
        #expect(try await alice.statement.get().ledger === alice.ledger)
        #expect(alice.ledger !== bob.ledger)
        #expect(alice.ledger.catalog === bob.ledger.catalog)
        #expect(script.ledgerAttempts.value == 2)
        #expect(script.catalogAttempts.value == 1)
    }

    @Test func anAsyncSubcomponentWithoutASeedIsBuiltTheSameWay() async throws {
        let script = BankScript()
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let first = try await teller.reports.build()
        let second = try await teller.reports.build(())
        #expect(first !== second)
        #expect(first.catalog === second.catalog)
        #expect(script.catalogAttempts.value == 1)
    }

    @Test func aSubcomponentRootThatThrowsReachesTheCallerAsAResolutionErrorAndTheNextBuildTriesAgain() async throws {
        let script = BankScript(ledgerFailures: 1)
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let error = try await #require(throws: ResolutionError.self) { try await teller.sessions.build("alice") }
        #expect(error.description == """
            The factory of Ledger at App/SessionModule.swift:6 in BankComponent > SessionComponent threw: fixture error: ledger 1 failed
              required by Session, the root of SessionComponent at App/SessionComponent.swift:12
            """)
        #expect(error.binding == "Ledger")
        #expect(error.location == SourceLocation(fileID: "App/SessionModule.swift", line: 6))
        #expect(error.componentPath == ["BankComponent", "SessionComponent"])
        #expect(error.underlying as? EffectFixtureError == EffectFixtureError(reason: "ledger 1 failed"))
        let session = try await teller.sessions.build("alice")
        #expect(session.ledger.serial == 2)
        #expect(script.ledgerAttempts.value == 2)
    }

    @Test func aParentsSharedBindingThatThrowsCachesNothingAndTheNextSubcomponentMakesIt() async throws {
        let script = BankScript(catalogFailures: 1)
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let error = try await #require(throws: ResolutionError.self) { try await teller.reports.build() }
        #expect(error.description == """
            The factory of Catalog at App/BankComponent.swift:5 in BankComponent threw: fixture error: catalog 1 failed
              required by Report, the root of ReportComponent at App/ReportComponent.swift:9
            """)
        let first = try await teller.reports.build()
        let second = try await teller.reports.build()
        #expect(first.catalog.serial == 2)
        #expect(second.catalog === first.catalog)
        #expect(script.catalogAttempts.value == 2)
    }

    @MainActor
    @Test func aMainActorSubcomponentIsBuiltOnTheMainActorByItsFactory() throws {
        let script = BankScript()
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let first = try teller.panels.build()
        let second = try teller.panels.build(())
        #expect(first.serial == 1)
        #expect(second.serial == 2)
        #expect(first.theme === second.theme)
        #expect(script.themeAttempts.value == 1)
    }

    @MainActor
    @Test func aMainActorSubcomponentWhoseParentsBindingThrowsReportsTheErrorAndTriesAgain() throws {
        let script = BankScript(themeFailures: 1)
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let error = try #require(throws: ResolutionError.self) { try teller.panels.build() }
        #expect(error.description == """
            The factory of Theme at App/BankComponent.swift:6 in BankComponent threw: fixture error: theme 1 failed
              required by Panel, the root of PanelComponent at App/PanelComponent.swift:8
            """)
        #expect(try teller.panels.build().theme.serial == 2)
    }

    // MARK: - Concurrency

    @Test func aThousandConcurrentBuildsFromOneParentMakeItsAsyncSharedValueOnce() async throws {
        let script = BankScript(catalogGate: Gate())
        let teller = try ComponentFactory.of(BankComponent.self).build(script)
        let asked = EffectCounter()
        let ledgers = try await withThrowingTaskGroup(of: Ledger.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    asked.increment()
                    return try await teller.sessions.build("user-\(index)").ledger
                }
            }
            // The catalog is made only once every task has asked: they all await its one creation.
            while asked.value < 1_000 { await Task.yield() }
            script.catalogGate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ledgers.count == 1_000)
        let ledgerIdentities: Set<ObjectIdentifier> = Set(ledgers.map(ObjectIdentifier.init))
        let catalogIdentities: Set<ObjectIdentifier> = Set(ledgers.map { ledger in ObjectIdentifier(ledger.catalog) })
        #expect(ledgerIdentities.count == 1_000)
        #expect(catalogIdentities.count == 1)
        #expect(script.catalogAttempts.value == 1)
        #expect(script.ledgerAttempts.value == 1_000)
    }

    @Test func aSubcomponentsAsyncSharedBindingIsMadeOnceForAThousandConcurrentTasks() async throws {
        let script = BankScript(statementGate: Gate())
        let session = try await ComponentFactory.of(BankComponent.self).build(script).sessions.build("alice")
        let asked = EffectCounter()
        let statements = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    asked.increment()
                    return ObjectIdentifier(try await session.statement.get())
                }
            }
            while asked.value < 1_000 { await Task.yield() }
            script.statementGate.open()
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(statements.count == 1)
        #expect(script.statementAttempts.value == 1)
    }
}

// MARK: - Fixtures: a bank whose sessions, reports and panels are subcomponents with effects

private struct UserID: Wiring.BindingTag { typealias Element = String }

/// A door that tasks wait at until a test opens it; open from the start unless a test made it.
private final class Gate: Sendable {
    private let isOpen: Atomic<Bool>

    init(open: Bool = false) {
        isOpen = Atomic(open)
    }

    func open() { isOpen.store(true, ordering: .releasing) }

    func wait() async {
        while !isOpen.load(ordering: .acquiring) { await Task.yield() }
    }
}

/// The bank's seed: what a test controls of the factories, and what they count.
private final class BankScript: Sendable {
    let catalogAttempts = EffectCounter()
    let ledgerAttempts = EffectCounter()
    let statementAttempts = EffectCounter()
    let themeAttempts = EffectCounter()
    let panelsMade = EffectCounter()
    let catalogGate: Gate
    let statementGate: Gate
    /// How many of the first attempts of each factory throw.
    let catalogFailures: Int
    let ledgerFailures: Int
    let themeFailures: Int

    init(
        catalogGate: Gate = Gate(open: true), statementGate: Gate = Gate(open: true), catalogFailures: Int = 0, ledgerFailures: Int = 0,
        themeFailures: Int = 0
    ) {
        self.catalogGate = catalogGate
        self.statementGate = statementGate
        self.catalogFailures = catalogFailures
        self.ledgerFailures = ledgerFailures
        self.themeFailures = themeFailures
    }
}

private struct SessionScope: Scope {}

/// The bank's, shared: async and may throw.
private final class Catalog: Sendable {
    let serial: Int
    init(script: BankScript) async throws {
        await script.catalogGate.wait()
        serial = script.catalogAttempts.increment()
        if serial <= script.catalogFailures { throw EffectFixtureError(reason: "catalog \(serial) failed") }
    }
}

/// The bank's, shared: throws.
private final class Theme: Sendable {
    let serial: Int
    init(script: BankScript) throws {
        serial = script.themeAttempts.increment()
        if serial <= script.themeFailures { throw EffectFixtureError(reason: "theme \(serial) failed") }
    }
}

/// A session's, shared in it: async, throws, and takes the bank's catalog.
private final class Ledger: Sendable {
    let owner: String
    let catalog: Catalog
    let serial: Int
    init(owner: TaggedProvider<UserID>, catalog: Catalog, script: BankScript) async throws {
        await Task.yield()
        self.owner = owner.get()
        self.catalog = catalog
        serial = script.ledgerAttempts.increment()
        if serial <= script.ledgerFailures { throw EffectFixtureError(reason: "ledger \(serial) failed") }
    }
}

/// A session's, shared in it and asked for later: async.
private final class Statement: Sendable {
    let ledger: Ledger
    init(ledger: Ledger, script: BankScript) async {
        await script.statementGate.wait()
        script.statementAttempts.increment()
        self.ledger = ledger
    }
}

private struct Session: Sendable {
    let user: String
    let ledger: Ledger
    let statement: AsyncProvider<Statement>
}

private struct SessionModule: Module {
    static func configure(binder: Binder<SessionScope>) {
        binder.bind(Ledger.self, file: "App/SessionModule.swift", line: 6).sharedInScope().to(asyncFactory: Ledger.init)
        binder.bind(Statement.self, file: "App/SessionModule.swift", line: 7).sharedInScope().to(asyncFactory: Statement.init)
    }
}

private struct SessionComponent: Component {
    typealias Seed = TaggedProvider<UserID>
    typealias Root = Session
    static func configure(binder: Binder<SessionScope>) {
        binder.include(module: SessionModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
        bind.to(file: "App/SessionComponent.swift", line: 12) { (user: TaggedProvider<UserID>, ledger: Ledger, statement: AsyncProvider<Statement>) in
            Session(user: user.get(), ledger: ledger, statement: statement)
        }
    }
}

private final class Report: Sendable {
    let catalog: Catalog
    init(catalog: Catalog) { self.catalog = catalog }
}

private struct ReportComponent: Component {
    typealias Root = Report
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Report>) -> BindingReceipt<Report> {
        bind.to(file: "App/ReportComponent.swift", line: 9, factory: Report.init)
    }
}

@MainActor
private final class Panel {
    let theme: Theme
    let serial: Int
    init(theme: Theme, script: BankScript) {
        MainActor.assertIsolated()
        self.theme = theme
        serial = script.panelsMade.increment()
    }
}

private struct PanelComponent: Component {
    typealias Root = Panel
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Panel>) -> BindingReceipt<Panel> {
        bind.to(file: "App/PanelComponent.swift", line: 8, mainActorFactory: Panel.init)
    }
}

/// A binding of the bank that takes every kind of factory.
private struct Teller: Sendable {
    let sessions: AsyncComponentFactory<SessionComponent>
    let reports: AsyncComponentFactory<ReportComponent>
    let panels: MainActorComponentFactory<PanelComponent>
}

private struct BankComponent: RootComponent {
    typealias Seed = BankScript
    typealias Root = Teller
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: SessionComponent.self)
        binder.install(dependency: ReportComponent.self)
        binder.bind(Catalog.self, file: "App/BankComponent.swift", line: 5).sharedInScope().to(asyncFactory: Catalog.init)
        binder.bind(Theme.self, file: "App/BankComponent.swift", line: 6).sharedInScope().to(throwingFactory: Theme.init)
        binder.install(dependency: PanelComponent.self)
        binder.bind(Teller.self).to(factory: Teller.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Teller>) -> BindingReceipt<Teller> {
        bind.to { (teller: Teller) in teller }
    }
}
