import Foundation
import Synchronization
import Testing
import Wiring

// What `of` reports where a subcomponent's factory cannot build its root, word for word.

struct SubcomponentEffectDiagnosticTests {
    // MARK: - Diagnostics

    @Test func aSynchronousFactoryOfASubcomponentWhoseRootThrowsIsReportedWhereItIsTaken() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SyncVaultHost.self) }
        #expect(error.description == """
            Wiring found 1 problem in the object graph of SyncVaultHost:

            App/Host.swift:12: error: ComponentFactory<VaultSub>, the root of SyncVaultHost, takes ComponentFactory<VaultSub>, whose build(_:) cannot build the root of VaultSub: Vault throws, and build(_:) is synchronous, nonisolated and cannot throw.
              Vault throws, bound at App/VaultSub.swift:3 in VaultSub
              required by VaultRoom, the root of VaultSub at App/VaultSub.swift:8
              required by ComponentFactory<VaultSub>, the root of SyncVaultHost as ComponentFactory<VaultSub> at App/Host.swift:12
              To fix this, take AsyncComponentFactory<VaultSub> instead and call try await build(...), or MainActorComponentFactory<VaultSub> and call try build(...) on the main actor, or let VaultRoom, the root of VaultSub, take AsyncProvider<Vault> instead of Vault and call try await get() later.
            """)
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func aWrappedSynchronousFactoryOfASubcomponentWhoseRootAwaitsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ProvidedArchiveHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Host.swift:16: error: Shelves takes Provider<ComponentFactory<ArchiveSub>>, which gives a ComponentFactory<ArchiveSub>, whose build(_:) cannot build the root of ArchiveSub: SubArchive is async, and build(_:) is synchronous, nonisolated and cannot throw.
              SubArchive is async, bound at App/ArchiveSub.swift:3 in ArchiveSub
              required by ArchiveShelf, the root of ArchiveSub at App/ArchiveSub.swift:8
              required by Shelves as Provider<ComponentFactory<ArchiveSub>> at App/Host.swift:16
              To fix this, take AsyncComponentFactory<ArchiveSub> instead and call try await build(...), or let ArchiveShelf, the root of ArchiveSub, take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aMainActorFactoryOfASubcomponentWhoseRootAwaitsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MainActorArchiveHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Host.swift:22: error: MainActorComponentFactory<ArchiveSub>, the root of MainActorArchiveHost, takes MainActorComponentFactory<ArchiveSub>, whose build(_:) cannot build the root of ArchiveSub: SubArchive is async, and build(_:) cannot await.
              SubArchive is async, bound at App/ArchiveSub.swift:3 in ArchiveSub
              required by ArchiveShelf, the root of ArchiveSub at App/ArchiveSub.swift:8
              required by MainActorComponentFactory<ArchiveSub>, the root of MainActorArchiveHost as MainActorComponentFactory<ArchiveSub> at App/Host.swift:22
              To fix this, take AsyncComponentFactory<ArchiveSub> instead and call try await build(...), or let ArchiveShelf, the root of ArchiveSub, take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aMainActorFactoryOfASubcomponentWhoseRootThrowsOnTheMainActorIsValid() throws {
        #expect(throws: Never.self) { try ComponentFactory.of(MainActorVaultHost.self) }
    }

    @Test func aSiblingSubcomponentsRequestIsReportedInTheSibling() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SiblingHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/ShelfSub.swift:5: error: ComponentFactory<ArchiveSub>, the root of ShelfSub, takes ComponentFactory<ArchiveSub>, whose build(_:) cannot build the root of ArchiveSub: SubArchive is async, and build(_:) is synchronous, nonisolated and cannot throw.
              in SiblingHost > ShelfSub
              SubArchive is async, bound at App/ArchiveSub.swift:3 in ArchiveSub
              required by ArchiveShelf, the root of ArchiveSub at App/ArchiveSub.swift:8
              required by ComponentFactory<ArchiveSub>, the root of ShelfSub as ComponentFactory<ArchiveSub> at App/ShelfSub.swift:5
              To fix this, take AsyncComponentFactory<ArchiveSub> instead and call try await build(...), or let ArchiveShelf, the root of ArchiveSub, take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
            """])
    }

    @Test func aSubcomponentCanTakeItsOwnAsyncFactoryAndBuildItselfAgain() async throws {
        let host = try ComponentFactory.of(LoopHost.self).build()
        let outer = try await host.loops.build()
        let inner = try await outer.deeper.build()
        #expect(inner !== outer)
        #expect(inner.archive !== outer.archive)
    }

    @Test func aSubcomponentThatTakesItsOwnSynchronousFactoryIsReportedInItself() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BadLoopHost.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/BadLoopSub.swift:8: error: BadLoop, the root of BadLoopSub, takes ComponentFactory<BadLoopSub>, whose build(_:) cannot build the root of BadLoopSub: SubArchive is async, and build(_:) is synchronous, nonisolated and cannot throw.
              in BadLoopHost > BadLoopSub
              SubArchive is async, bound at App/BadLoopSub.swift:3 in BadLoopSub
              required by BadLoop, the root of BadLoopSub at App/BadLoopSub.swift:8
              required by BadLoop, the root of BadLoopSub as ComponentFactory<BadLoopSub> at App/BadLoopSub.swift:8
              To fix this, take AsyncComponentFactory<BadLoopSub> instead and call try await build(...), or let BadLoop, the root of BadLoopSub, take AsyncProvider<SubArchive> instead of SubArchive and call try await get() later.
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
