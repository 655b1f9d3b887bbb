import Testing
import Wiring

// `T?` of a bound `T` carries `T`'s effects like `T` does (issue 25): a graph that takes an
// effectful binding as an optional is accepted where its effects can run, builds and runs them,
// and is rejected, naming the root, where they cannot.

@Suite(.tags(.concurrency))
struct OptionalEffectTests {
    @Test func anAsyncBindingTakenAsAnOptionalIsMadeByTheAsyncFactory() async throws {
        let banner = try await AsyncComponentFactory.of(OptionalCacheRoot.self).build()
        #expect(banner.cache != nil)
    }

    @Test func aThrowingBindingTakenAsAnOptionalIsMadeByBothEffectfulFactories() async throws {
        let made = try await AsyncComponentFactory.of(OptionalVaultRoot.self).build("open")
        #expect(made.vault?.name == "open")
        let onMain = try await MainActor.run { try MainActorComponentFactory.of(OptionalVaultRoot.self).build("main") }
        #expect(onMain.vault?.name == "main")
    }

    @Test func aThrowingBindingTakenAsAnOptionalReportsItsErrorFromTheBuild() async throws {
        let factory = try AsyncComponentFactory.of(OptionalVaultRoot.self)
        let error = try await #require(throws: ResolutionError.self) { try await factory.build("") }
        #expect(error.description == """
            The factory of OptionalVault at Vault/Module.swift:3 in OptionalVaultRoot threw: fixture error: no name
              required by VaultBanner, the root of OptionalVaultRoot at Vault/Root.swift:7
            """)
    }

    @MainActor
    @Test func aMainActorBindingTakenAsAnOptionalIsMadeOnTheMainActor() async throws {
        let made = try MainActorComponentFactory.of(OptionalPanelRoot.self).build()
        #expect(made.panel?.title == "panel")
        let awaited = try await AsyncComponentFactory.of(OptionalPanelRoot.self).build()
        #expect(awaited.panel?.title == "panel")
    }

    @MainActor

    @Test func aRootTakenAsAnAsyncProviderRunsItsOptionalsEffectsOnGet() async throws {
        let holder = try ComponentFactory.of(ProvidedCacheRoot.self).build()
        let banner = try await holder.banner.get()
        #expect(banner.cache != nil)
    }

    @MainActor
    @Test func aBindingTakenAsAMainActorProviderRunsItsOptionalsEffectsOnGet() throws {
        let holder = try ComponentFactory.of(ProvidedPanelRoot.self).build()
        #expect(try holder.banner.get().panel?.title == "panel")
    }
}

// MARK: - Fixtures

actor OptionalCache {
    init() async {}
}

final class CacheBanner: Sendable {
    let cache: OptionalCache?
    init(cache: OptionalCache?) { self.cache = cache }
}

struct OptionalCacheRoot: RootComponent {
    typealias Root = CacheBanner
    static func configure(binder: Binder<Singleton>) {
        binder.bind(OptionalCache.self, file: "Cache/Module.swift", line: 3).sharedInScope().to(asyncFactory: OptionalCache.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<CacheBanner>) -> BindingReceipt<CacheBanner> {
        bind.to(file: "Cache/Root.swift", line: 6, factory: CacheBanner.init)
    }
}

final class OptionalVault: Sendable {
    let name: String
    init(name: String) throws {
        guard !name.isEmpty else { throw EffectFixtureError(reason: "no name") }
        self.name = name
    }
}

final class VaultBanner: Sendable {
    let vault: OptionalVault?
    init(vault: OptionalVault?) { self.vault = vault }
}

struct OptionalVaultRoot: RootComponent {
    typealias Seed = String
    typealias Root = VaultBanner
    static func configure(binder: Binder<Singleton>) {
        binder.bind(OptionalVault.self, file: "Vault/Module.swift", line: 3).to(throwingFactory: OptionalVault.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<VaultBanner>) -> BindingReceipt<VaultBanner> {
        bind.to(file: "Vault/Root.swift", line: 7, factory: VaultBanner.init)
    }
}

@MainActor
final class OptionalPanel {
    let title: String
    init() {
        MainActor.assertIsolated()
        title = "panel"
    }
}

@MainActor
final class PanelBanner {
    let panel: OptionalPanel?
    nonisolated init(panel: OptionalPanel?) { self.panel = panel }
}

struct OptionalPanelRoot: RootComponent {
    typealias Root = PanelBanner
    static func configure(binder: Binder<Singleton>) {
        binder.bind(OptionalPanel.self).to(mainActorFactory: OptionalPanel.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<PanelBanner>) -> BindingReceipt<PanelBanner> {
        bind.to(factory: PanelBanner.init)
    }
}

struct CacheBannerHolder: Sendable {
    let banner: AsyncProvider<CacheBanner>
}

/// A plain `ComponentFactory` whose binding of `CacheBanner` is reached only through an
/// `AsyncProvider`.
struct ProvidedCacheRoot: RootComponent {
    typealias Root = CacheBannerHolder
    static func configure(binder: Binder<Singleton>) {
        binder.bind(OptionalCache.self).to(asyncFactory: OptionalCache.init)
        binder.bind(CacheBanner.self).to(factory: CacheBanner.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<CacheBannerHolder>) -> BindingReceipt<CacheBannerHolder> {
        bind.to(factory: CacheBannerHolder.init)
    }
}

struct PanelBannerHolder: Sendable {
    let banner: MainActorProvider<PanelBanner>
}

struct ProvidedPanelRoot: RootComponent {
    typealias Root = PanelBannerHolder
    static func configure(binder: Binder<Singleton>) {
        binder.bind(OptionalPanel.self).to(mainActorFactory: OptionalPanel.init)
        binder.bind(PanelBanner.self).to(factory: PanelBanner.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<PanelBannerHolder>) -> BindingReceipt<PanelBannerHolder> {
        bind.to(factory: PanelBannerHolder.init)
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `OptionalEffectTests.anAsyncBindingTakenAsAnOptionalIsRejectedByTheMainActorFactoryNamingTheRoot`.
    enum AsyncBindingTakenAsAnOptionalIsRejectedByTheMainActorFactoryNamingTheRoot: GoldenGraph {
        static func validate() throws { _ = try MainActorComponentFactory.of(OptionalCacheRoot.self) }
    }

    /// From `OptionalEffectTests.anOptionalOfAnEffectfulBindingIsRejectedByTheSynchronousFactoryNamingTheRoot`.
    enum OptionalOfAnEffectfulBindingIsRejectedByTheSynchronousFactoryNamingTheRoot: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(OptionalVaultRoot.self) }
    }
}
