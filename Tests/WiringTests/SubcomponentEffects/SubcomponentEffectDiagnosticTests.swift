import Foundation
import Synchronization
import Testing
import Wiring

// What `of` reports where a subcomponent's factory cannot build its root, word for word.

struct SubcomponentEffectDiagnosticTests {
    // MARK: - Diagnostics

    @Test func aSynchronousFactoryOfASubcomponentWhoseRootThrowsIsReportedWhereItIsTaken() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SyncVaultHost.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func aMainActorFactoryOfASubcomponentWhoseRootThrowsOnTheMainActorIsValid() throws {
        #expect(throws: Never.self) { try ComponentFactory.of(MainActorVaultHost.self) }
    }

    @Test func aSubcomponentCanTakeItsOwnAsyncFactoryAndBuildItselfAgain() async throws {
        let host = try ComponentFactory.of(LoopHost.self).build()
        let outer = try await host.loops.build()
        let inner = try await outer.deeper.build()
        #expect(inner !== outer)
        #expect(inner.archive !== outer.archive)
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

// MARK: - Fixtures: small graphs with effects, with pinned locations for the diagnostics

private final class Vault: Sendable {
    let name: String
    init(name: String) throws { self.name = name }
}

private struct VaultRoom: Sendable { let vault: Vault }

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
        binder.bind(SubArchive.self, file: "App/ArchiveSub.swift", line: 3).to(asyncFactory: SubArchive.init)
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
        binder.bind(SubArchive.self).to(asyncFactory: SubArchive.init)
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
        binder.bind(SubArchive.self, file: "App/BadLoopSub.swift", line: 3).to(asyncFactory: SubArchive.init)
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

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `SubcomponentEffectDiagnosticTests.aMainActorFactoryOfASubcomponentWhoseRootAwaitsIsReported`.
    enum MainActorFactoryOfASubcomponentWhoseRootAwaitsIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MainActorArchiveHost.self) }
    }

    /// From `SubcomponentEffectDiagnosticTests.aSiblingSubcomponentsRequestIsReportedInTheSibling`.
    enum SiblingSubcomponentsRequestIsReportedInTheSibling: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(SiblingHost.self) }
    }

    /// From `SubcomponentEffectDiagnosticTests.aSubcomponentThatTakesItsOwnSynchronousFactoryIsReportedInItself`.
    enum SubcomponentThatTakesItsOwnSynchronousFactoryIsReportedInItself: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(BadLoopHost.self) }
    }

    /// From `SubcomponentEffectDiagnosticTests.aSynchronousFactoryOfASubcomponentWhoseRootThrowsIsReportedWhereItIsTaken`.
    enum SynchronousFactoryOfASubcomponentWhoseRootThrowsIsReportedWhereItIsTaken: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(SyncVaultHost.self) }
    }

    /// From `SubcomponentEffectDiagnosticTests.aWrappedSynchronousFactoryOfASubcomponentWhoseRootAwaitsIsReported`.
    enum WrappedSynchronousFactoryOfASubcomponentWhoseRootAwaitsIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ProvidedArchiveHost.self) }
    }
}
