import Foundation
import Synchronization
import Testing
import Wiring

// Subcomponents whose roots have effects, built by the `AsyncComponentFactory<Sub>` and
// `MainActorComponentFactory<Sub>` that bindings of the installing component take; and what
// `of` reports where a subcomponent's factory cannot build its root. Part of the
// ThreadSanitizer run (Scripts/test-thread-sanitizer).

struct SubcomponentEffectTests {
    // MARK: - Subcomponents without effects

    @Test func anAsyncFactoryBuildsASubcomponentWithoutEffectsWithTheParentsBindings() async throws {
        let host = try ComponentFactory.of(PlainHost.self).build("Hello")
        let carol = try await host.greetings.build("carol")
        let dave = try await host.greetings.build(TaggedProvider(value: "dave"))
        #expect(carol.greeting == "Hello, carol")
        #expect(dave.greeting == "Hello, dave")
        #expect(try await host.counters.build() == 1)
    }

    @MainActor
    @Test func aMainActorFactoryBuildsASubcomponentWithoutEffectsWithTheParentsBindings() throws {
        let host = try ComponentFactory.of(PlainHost.self).build("Hi")
        #expect(try host.screens.build("erin").greeting == "Hi, erin")
        #expect(try host.screens.build(TaggedProvider(value: "finn")).greeting == "Hi, finn")
    }

    @Test func aFactoryBoundAsAValueIsTakenAsItIs() async throws {
        let vaults = try AsyncComponentFactory.of(VaultRoot.self)
        let host = try ComponentFactory.of(BoundFactoryHost.self).build(vaults)
        #expect(try await host.vaults.build().vault.name == "root vault")
        let graph = try ComponentFactory.of(BoundFactoryHost.self).graph
        #expect(graph.dependencies(of: "root").map(\.kind) == [.instance])
    }

    @Test func anAsyncFactoryOfASubcomponentNothingInstallsIsAMissingBindingThatSaysToInstallIt() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(LostHost.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Host.swift:40: error: Missing binding for ComponentFactory<PlainSub>.
              required by the root of LostHost (as AsyncComponentFactory<PlainSub>) at App/Host.swift:40
              To fix this, install PlainSub with binder.install(dependency: PlainSub.self) in a module that LostHost includes, or include the module that installs it.
            """,
            """
            App/Host.swift:40: error: Missing binding for ComponentFactory<PlainGreetingSub>.
              required by the root of LostHost (as MainActorComponentFactory<PlainGreetingSub>) at App/Host.swift:40
              required by the root of LostHost at App/Host.swift:40
              To fix this, install PlainGreetingSub with binder.install(dependency: PlainGreetingSub.self) in a module that LostHost includes, or include the module that installs it.
            """,
        ])
        #expect(error.diagnostics.map(\.kind) == [.missingBinding, .missingBinding])
    }

    @Test func anAsyncFactoryOfAComponentFactoryBoundAsAValueBuildsThatFactorysRoot() async throws {
        let plain = try ComponentFactory.of(PlainRoot.self)
        let host = try ComponentFactory.of(SeededFactoryHost.self).build(plain)
        #expect(try await host.build() == 2)
    }

    @Test func anAsyncFactoryOfAComponentFactoryWhoseOwnBindingThrowsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MadeFactoryHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Made.swift:6: error: the root of MadeFactoryHost takes AsyncComponentFactory<PlainRoot>, which is made from ComponentFactory<PlainRoot>: ComponentFactory<PlainRoot> throws, and it is made synchronously, nonisolated and without throwing.
              ComponentFactory<PlainRoot> throws, bound at App/Made.swift:3 in MadeFactoryHost
              required by the root of MadeFactoryHost as AsyncComponentFactory<PlainRoot> at App/Made.swift:6
              To fix this, take AsyncProvider<ComponentFactory<PlainRoot>> instead and call try await get(), or MainActorProvider<ComponentFactory<PlainRoot>> and call try get() on the main actor.
            """])
    }

    // MARK: - The graph

    @Test func theGraphShowsTheFactoriesAsDeferredEdgesToTheSubcomponentsFactory() throws {
        let graph = try ComponentFactory.of(ExportHost.self).graph
        let edges = graph.dependencies(of: "root")
        #expect(edges.map(\.kind) == [.asyncComponentFactory, .mainActorComponentFactory, .instance])
        #expect(edges.map(\.parameter) == [
            "AsyncComponentFactory<PlainGreetingSub>", "MainActorComponentFactory<PlainSub>", "ComponentFactory<PlainSub>",
        ])
        #expect(edges.map(\.to) == [
            ["Wiring.ComponentFactory<WiringTests.PlainGreetingSub>"],
            ["Wiring.ComponentFactory<WiringTests.PlainSub>"],
            ["Wiring.ComponentFactory<WiringTests.PlainSub>"],
        ])
        #expect(edges.map(\.isDeferred) == [true, true, false])
        let json = graph.rendered(as: .json)
        #expect(json.contains(#""kind" : "asyncComponentFactory""#))
        #expect(json.contains(#""kind" : "mainActorComponentFactory""#))
        #expect(try JSONDecoder().decode(ObjectGraph.self, from: Data(json.utf8)) == graph)
    }

    @Test func theGraphRendersTheFactoriesInEveryFormat() throws {
        let graph = try ComponentFactory.of(ExportHost.self).graph
        #expect(graph.rendered(as: .text) == """
            ExportHost (scope Unscoped)
            ExportShelves  root · ExportHost, App/Export.swift:9
            ├── ComponentFactory<PlainGreetingSub> (as AsyncComponentFactory<PlainGreetingSub>)  ExportHost, App/Export.swift:5
            ├── ComponentFactory<PlainSub> (as MainActorComponentFactory<PlainSub>)  ExportHost, App/Export.swift:6
            └── ComponentFactory<PlainSub>  ExportHost, App/Export.swift:6

            Not reached from the root of ExportHost:
            String  ExportHost, App/Export.swift:7

            Subcomponent PlainGreetingSub (scope Unscoped), installed at App/Export.swift:5
            PlainGreeting  root · PlainGreetingSub, App/PlainGreetingSub.swift:6
            ├── String tagged UserID (as TaggedProvider<UserID>)  seed · PlainGreetingSub
            └── String  ExportHost, App/Export.swift:7

            Subcomponent PlainSub (scope Unscoped), installed at App/Export.swift:6
            Int  root · PlainSub, App/PlainSub.swift:4

            """)
        let dot = graph.rendered(as: .dot).split(separator: "\n")
        #expect(dot.contains(#"    "root" -> "Wiring.ComponentFactory<WiringTests.PlainGreetingSub>" [style=dashed, label="AsyncComponentFactory<PlainGreetingSub>"];"#))
        #expect(dot.contains(#"    "root" -> "Wiring.ComponentFactory<WiringTests.PlainSub>" [style=dashed, label="MainActorComponentFactory<PlainSub>"];"#))
        #expect(dot.contains(#"    "root" -> "Wiring.ComponentFactory<WiringTests.PlainSub>";"#))
        let mermaid = graph.rendered(as: .mermaid).split(separator: "\n")
        #expect(mermaid.contains(#"    n3 -. "AsyncComponentFactory#lt;PlainGreetingSub#gt;" .-> n0"#))
        #expect(mermaid.contains(#"    n3 -. "MainActorComponentFactory#lt;PlainSub#gt;" .-> n1"#))
        #expect(mermaid.contains("    n3 --> n1"))
    }

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
              required by the root of SessionComponent at App/SessionComponent.swift:12
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
              required by the root of ReportComponent at App/ReportComponent.swift:9
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
              required by the root of PanelComponent at App/PanelComponent.swift:8
            """)
        #expect(try teller.panels.build().theme.serial == 2)
    }

    @Test func aSubcomponentCanTakeItsOwnAsyncFactoryAndBuildItselfAgain() async throws {
        let host = try ComponentFactory.of(LoopHost.self).build()
        let outer = try await host.loops.build()
        let inner = try await outer.deeper.build()
        #expect(inner !== outer)
        #expect(inner.archive !== outer.archive)
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
        #expect(Set(ledgers.map { ObjectIdentifier($0) }).count == 1_000)
        #expect(Set(ledgers.map { ObjectIdentifier($0.catalog) }).count == 1)
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

    // MARK: - Diagnostics

    @Test func aSynchronousFactoryOfASubcomponentWhoseRootThrowsIsReportedWhereItIsTaken() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SyncVaultHost.self) }
        #expect(error.description == """
            Wiring found 1 problem in the object graph of SyncVaultHost:

            App/Host.swift:12: error: the root of SyncVaultHost takes ComponentFactory<VaultSub>, whose build(_:) cannot build the root of VaultSub: Vault throws, and build(_:) is synchronous, nonisolated and cannot throw.
              Vault throws, bound at App/VaultSub.swift:3 in VaultSub
              required by the root of VaultSub at App/VaultSub.swift:8
              required by the root of SyncVaultHost as ComponentFactory<VaultSub> at App/Host.swift:12
              To fix this, take AsyncComponentFactory<VaultSub> instead and call try await build(...), or MainActorComponentFactory<VaultSub> and call try build(...) on the main actor, or let the root of VaultSub take AsyncProvider<Vault> instead of Vault and call try await get() later.
            """)
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func aWrappedSynchronousFactoryOfASubcomponentWhoseRootAwaitsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ProvidedArchiveHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Host.swift:16: error: Shelves takes Provider<ComponentFactory<ArchiveSub>>, which gives a ComponentFactory<ArchiveSub>, whose build(_:) cannot build the root of ArchiveSub: SubArchive is async, and build(_:) is synchronous, nonisolated and cannot throw.
              SubArchive is async, bound at App/ArchiveSub.swift:3 in ArchiveSub
              required by the root of ArchiveSub at App/ArchiveSub.swift:8
              required by Shelves as Provider<ComponentFactory<ArchiveSub>> at App/Host.swift:16
              To fix this, take AsyncComponentFactory<ArchiveSub> instead and call try await build(...), or let the root of ArchiveSub take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aMainActorFactoryOfASubcomponentWhoseRootAwaitsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MainActorArchiveHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Host.swift:22: error: the root of MainActorArchiveHost takes MainActorComponentFactory<ArchiveSub>, whose build(_:) cannot build the root of ArchiveSub: SubArchive is async, and build(_:) cannot await.
              SubArchive is async, bound at App/ArchiveSub.swift:3 in ArchiveSub
              required by the root of ArchiveSub at App/ArchiveSub.swift:8
              required by the root of MainActorArchiveHost as MainActorComponentFactory<ArchiveSub> at App/Host.swift:22
              To fix this, take AsyncComponentFactory<ArchiveSub> instead and call try await build(...), or let the root of ArchiveSub take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aMainActorFactoryOfASubcomponentWhoseRootThrowsOnTheMainActorIsValid() throws {
        #expect(throws: Never.self) { try ComponentFactory.of(MainActorVaultHost.self) }
    }

    @Test func aSiblingSubcomponentsRequestIsReportedInTheSibling() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SiblingHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/ShelfSub.swift:5: error: the root of ShelfSub takes ComponentFactory<ArchiveSub>, whose build(_:) cannot build the root of ArchiveSub: SubArchive is async, and build(_:) is synchronous, nonisolated and cannot throw.
              in SiblingHost > ShelfSub
              SubArchive is async, bound at App/ArchiveSub.swift:3 in ArchiveSub
              required by the root of ArchiveSub at App/ArchiveSub.swift:8
              required by the root of ShelfSub as ComponentFactory<ArchiveSub> at App/ShelfSub.swift:5
              To fix this, take AsyncComponentFactory<ArchiveSub> instead and call try await build(...), or let the root of ArchiveSub take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aSubcomponentThatTakesItsOwnSynchronousFactoryIsReportedInItself() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BadLoopHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/BadLoopSub.swift:8: error: the root of BadLoopSub takes ComponentFactory<BadLoopSub>, whose build(_:) cannot build the root of BadLoopSub: SubArchive is async, and build(_:) is synchronous, nonisolated and cannot throw.
              in BadLoopHost > BadLoopSub
              SubArchive is async, bound at App/BadLoopSub.swift:3 in BadLoopSub
              required by the root of BadLoopSub at App/BadLoopSub.swift:8
              required by the root of BadLoopSub as ComponentFactory<BadLoopSub> at App/BadLoopSub.swift:8
              To fix this, take AsyncComponentFactory<BadLoopSub> instead and call try await build(...), or let the root of BadLoopSub take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aSubcomponentWithEffectsThatNothingAsksForIsNotReported() throws {
        let graph = try ComponentFactory.of(QuietHost.self).graph
        #expect(graph.subcomponents.map(\.component) == ["VaultSub", "ArchiveSub"])
    }

    @Test func factoryDiagnosticsAreCollectedWithEveryOtherProblemOfTheirComponent() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MixedHost.self) }
        #expect(error.diagnostics.map(\.kind) == [.missingBinding, .unhandledEffect, .missingBinding])
        #expect(error.diagnostics.map(\.location) == [
            SourceLocation(fileID: "App/Mixed.swift", line: 4),
            SourceLocation(fileID: "App/Mixed.swift", line: 4),
            SourceLocation(fileID: "App/MixedSub.swift", line: 7),
        ])
    }
}

// MARK: - Fixtures: subcomponents without effects

private struct UserID: Wiring.Tag { typealias Element = String }

private struct PlainGreeting: Sendable {
    let greeting: String
}

/// Greets the user of its seed with the parent's salutation.
private struct PlainGreetingSub: Component {
    typealias Seed = TaggedProvider<UserID>
    typealias Root = PlainGreeting
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<PlainGreeting>) -> BindingReceipt<PlainGreeting> {
        bind.to(file: "App/PlainGreetingSub.swift", line: 6) { (user: TaggedProvider<UserID>, salutation: String) in
            PlainGreeting(greeting: "\(salutation), \(user.get())")
        }
    }
}

private struct PlainSub: Component {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(value: 1, file: "App/PlainSub.swift", line: 4)
    }
}

private struct PlainFactories: Sendable {
    let greetings: AsyncComponentFactory<PlainGreetingSub>
    let screens: MainActorComponentFactory<PlainGreetingSub>
    let counters: AsyncComponentFactory<PlainSub>
}

private struct PlainHost: RootComponent {
    typealias Seed = String
    typealias Root = PlainFactories
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: PlainGreetingSub.self)
        binder.install(dependency: PlainSub.self)
        binder.bind(PlainFactories.self).to(factory: PlainFactories.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<PlainFactories>) -> BindingReceipt<PlainFactories> {
        bind.to { (factories: PlainFactories) in factories }
    }
}

private struct LostHost: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "App/Host.swift", line: 40) {
            (_: AsyncComponentFactory<PlainSub>, _: MainActorComponentFactory<PlainGreetingSub>, _: ComponentFactory<PlainGreetingSub>) in 0
        }
    }
}

private final class Vault: Sendable {
    let name: String
    init(name: String) throws { self.name = name }
}

private struct VaultRoom: Sendable { let vault: Vault }

private struct VaultRoot: RootComponent {
    typealias Root = VaultRoom
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Vault.self).to { () throws in try Vault(name: "root vault") }
    }
    static func configureRoot(binder bind: ReceiptBinder<VaultRoom>) -> BindingReceipt<VaultRoom> {
        bind.to(factory: VaultRoom.init)
    }
}

/// Its seed is an `AsyncComponentFactory` of a root component, which a parameter of that type
/// takes as it is.
private struct BoundFactoryHost: RootComponent {
    typealias Seed = AsyncComponentFactory<VaultRoot>
    typealias Root = VaultFactories
    struct VaultFactories: Sendable { let vaults: AsyncComponentFactory<VaultRoot> }
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<VaultFactories>) -> BindingReceipt<VaultFactories> {
        bind.to(factory: VaultFactories.init)
    }
}

private struct PlainRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 2) }
}

/// Its seed is a `ComponentFactory` of a root component: an `AsyncComponentFactory` of it is made
/// from it, as from an installed subcomponent's.
private struct SeededFactoryHost: RootComponent {
    typealias Seed = ComponentFactory<PlainRoot>
    typealias Root = AsyncComponentFactory<PlainRoot>
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (factory: AsyncComponentFactory<PlainRoot>) in factory }
    }
}

/// Binds a `ComponentFactory` with a factory that throws.
private struct MadeFactoryHost: RootComponent {
    typealias Root = AsyncComponentFactory<PlainRoot>
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ComponentFactory<PlainRoot>.self, file: "App/Made.swift", line: 3).to { () throws in
            try ComponentFactory.of(PlainRoot.self)
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/Made.swift", line: 6) { (factory: AsyncComponentFactory<PlainRoot>) in factory }
    }
}

private struct ExportShelves: Sendable {
    let greetings: AsyncComponentFactory<PlainGreetingSub>
    let screens: MainActorComponentFactory<PlainSub>
    let plain: ComponentFactory<PlainSub>
}

private struct ExportHost: RootComponent {
    typealias Root = ExportShelves
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: PlainGreetingSub.self, file: "App/Export.swift", line: 5)
        binder.install(dependency: PlainSub.self, file: "App/Export.swift", line: 6)
        binder.bind(String.self, file: "App/Export.swift", line: 7).to(value: "Hello")
    }
    static func configureRoot(binder bind: ReceiptBinder<ExportShelves>) -> BindingReceipt<ExportShelves> {
        bind.to(file: "App/Export.swift", line: 9, factory: ExportShelves.init)
    }
}

// MARK: - Fixtures: a bank whose sessions, reports and panels are subcomponents with effects

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
        binder.bind(Ledger.self, file: "App/SessionModule.swift", line: 6).sharedInScope().to(factory: Ledger.init)
        binder.bind(Statement.self, file: "App/SessionModule.swift", line: 7).sharedInScope().to(factory: Statement.init)
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
        bind.to(file: "App/PanelComponent.swift", line: 8, factory: Panel.init)
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
        binder.bind(Catalog.self, file: "App/BankComponent.swift", line: 5).sharedInScope().to(factory: Catalog.init)
        binder.bind(Theme.self, file: "App/BankComponent.swift", line: 6).sharedInScope().to(factory: Theme.init)
        binder.install(dependency: PanelComponent.self)
        binder.bind(Teller.self).to(factory: Teller.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Teller>) -> BindingReceipt<Teller> {
        bind.to { (teller: Teller) in teller }
    }
}

// MARK: - Fixtures: small graphs with effects, with pinned locations for the diagnostics

private struct VaultSub: Component {
    typealias Root = VaultRoom
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Vault.self, file: "App/VaultSub.swift", line: 3).to { () throws in try Vault(name: "sub vault") }
    }
    static func configureRoot(binder bind: ReceiptBinder<VaultRoom>) -> BindingReceipt<VaultRoom> {
        bind.to(file: "App/VaultSub.swift", line: 8, factory: VaultRoom.init)
    }
}

private final class SubArchive: Sendable {
    init() async {}
}

private struct ArchiveShelf: Sendable { let archive: SubArchive }

private struct ArchiveSub: Component {
    typealias Root = ArchiveShelf
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(SubArchive.self, file: "App/ArchiveSub.swift", line: 3).to(factory: SubArchive.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<ArchiveShelf>) -> BindingReceipt<ArchiveShelf> {
        bind.to(file: "App/ArchiveSub.swift", line: 8, factory: ArchiveShelf.init)
    }
}

private struct SyncVaultHost: RootComponent {
    typealias Root = ComponentFactory<VaultSub>
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: VaultSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/Host.swift", line: 12) { (vaults: ComponentFactory<VaultSub>) in vaults }
    }
}

private struct MainActorVaultHost: RootComponent {
    typealias Root = MainActorComponentFactory<VaultSub>
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: VaultSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/Host.swift", line: 14) { (vaults: MainActorComponentFactory<VaultSub>) in vaults }
    }
}

private struct Shelves: Sendable {
    let archives: Provider<ComponentFactory<ArchiveSub>>
}

private struct ProvidedArchiveHost: RootComponent {
    typealias Root = Shelves
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: ArchiveSub.self)
        binder.bind(Shelves.self, file: "App/Host.swift", line: 16).to(factory: Shelves.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Shelves>) -> BindingReceipt<Shelves> {
        bind.to(file: "App/Host.swift", line: 18) { (shelves: Shelves) in shelves }
    }
}

private struct MainActorArchiveHost: RootComponent {
    typealias Root = MainActorComponentFactory<ArchiveSub>
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: ArchiveSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/Host.swift", line: 22) { (archives: MainActorComponentFactory<ArchiveSub>) in archives }
    }
}

private struct ShelfSub: Component {
    typealias Root = ComponentFactory<ArchiveSub>
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/ShelfSub.swift", line: 5) { (archives: ComponentFactory<ArchiveSub>) in archives }
    }
}

private struct SiblingHost: RootComponent {
    typealias Root = AsyncComponentFactory<ShelfSub>
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: ArchiveSub.self)
        binder.install(dependency: ShelfSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (shelves: AsyncComponentFactory<ShelfSub>) in shelves }
    }
}

private final class Loop: Sendable {
    let archive: SubArchive
    let deeper: AsyncComponentFactory<LoopSub>
    init(archive: SubArchive, deeper: AsyncComponentFactory<LoopSub>) {
        self.archive = archive
        self.deeper = deeper
    }
}

private struct LoopSub: Component {
    typealias Root = Loop
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(SubArchive.self).to(factory: SubArchive.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Loop>) -> BindingReceipt<Loop> {
        bind.to(factory: Loop.init)
    }
}

private struct LoopHost: RootComponent {
    typealias Root = Loops
    struct Loops: Sendable { let loops: AsyncComponentFactory<LoopSub> }
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: LoopSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Loops>) -> BindingReceipt<Loops> {
        bind.to(factory: Loops.init)
    }
}

private struct BadLoop: Sendable {
    let archive: SubArchive
    let deeper: ComponentFactory<BadLoopSub>
}

private struct BadLoopSub: Component {
    typealias Root = BadLoop
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(SubArchive.self, file: "App/BadLoopSub.swift", line: 3).to(factory: SubArchive.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<BadLoop>) -> BindingReceipt<BadLoop> {
        bind.to(file: "App/BadLoopSub.swift", line: 8, factory: BadLoop.init)
    }
}

private struct BadLoopHost: RootComponent {
    typealias Root = AsyncComponentFactory<BadLoopSub>
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: BadLoopSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (loops: AsyncComponentFactory<BadLoopSub>) in loops }
    }
}

private struct QuietHost: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: VaultSub.self)
        binder.install(dependency: ArchiveSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 0) }
}

private struct MixedSub: Component {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to(file: "App/MixedSub.swift", line: 7) { (count: Double) in "\(count)" }
    }
}

private struct MixedHost: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: VaultSub.self)
        binder.install(dependency: MixedSub.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "App/Mixed.swift", line: 4) { (_: ComponentFactory<VaultSub>, count: Float) in Int(count) }
    }
}
