import Testing
import Wiring

// `[K: AsyncProvider<V>]` and `[K: MainActorProvider<V>]` (issue 25): a provider of each entry of
// a map, made on demand with the entry's effects; the other entries are not made.

@Suite(.tags(.concurrency))
struct MapOfEffectfulProvidersTests {
    @Test func aMapOfAsyncProvidersMakesOnlyTheEntryAskedForWithItsEffects() async throws {
        let counter = RouteCounter()
        let router = try ComponentFactory.of(AsyncRoutesRoot.self).build(counter)
        #expect(router.handlers.keys.sorted() == ["account", "home", "settings", "vault"])
        #expect(counter.made.value == 0)
        #expect(try await router.handlers["account"]?.get().route == "account")
        #expect(counter.made.value == 1)
        #expect(try await router.handlers["home"]?.get().route == "home")
        #expect(try await router.handlers["settings"]?.get().route == "settings")
        #expect(counter.made.value == 3)
    }

    @Test func aSharedAsyncEntryIsMadeOncePerComponent() async throws {
        let counter = RouteCounter()
        let router = try ComponentFactory.of(AsyncRoutesRoot.self).build(counter)
        let first = try #require(try await router.handlers["account"]?.get() as? AccountRoute)
        let second = try #require(try await router.handlers["account"]?.get() as? AccountRoute)
        #expect(first === second)
        #expect(counter.made.value == 1)
    }

    @Test func aThrowingEntryReachesTheCallerOfGetAsAResolutionError() async throws {
        let router = try ComponentFactory.of(AsyncRoutesRoot.self).build(RouteCounter())
        let provider = try #require(router.handlers["vault"])
        let error = try await #require(throws: ResolutionError.self) { try await provider.get() }
        #expect(error.description == """
            The factory of the entry "vault" of [String: any RouteHandler] at Routes/Wiring.swift:6 in AsyncRoutesRoot threw: fixture error: vault is locked
            """)
    }

    @Test func aSubcomponentsMapOfAsyncProvidersHoldsItsParentsEntries() async throws {
        let host = try ComponentFactory.of(RouteHost.self).build(RouteCounter())
        let router = host.routes.build()
        #expect(router.handlers.keys.sorted() == ["account", "home", "profile", "settings", "vault"])
        #expect(try await router.handlers["account"]?.get().route == "account")
        #expect(try await router.handlers["profile"]?.get().route == "profile")
    }

    @MainActor
    @Test func aMapOfMainActorProvidersMakesEachEntryOnTheMainActor() throws {
        let panels = try ComponentFactory.of(MainActorRoutesRoot.self).build()
        #expect(panels.handlers.keys.sorted() == ["home", "settings"])
        #expect(try panels.handlers["settings"]?.get().route == "settings")
        #expect(try panels.handlers["home"]?.get().route == "home")
    }
}

// MARK: - Fixtures

protocol RouteHandler: Sendable {
    var route: String { get }
}

final class RouteCounter: Sendable {
    let made = EffectCounter()
}

actor AccountRoute: RouteHandler {
    nonisolated let route = "account"
    init(counter: RouteCounter) async {
        counter.made.increment()
    }
}

struct PlainRoute: RouteHandler {
    let route: String
}

@MainActor
final class SettingsRoute: RouteHandler {
    nonisolated let route = "settings"
    init() {
        MainActor.assertIsolated()
    }
}

struct AsyncRouteModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any RouteHandler).self, file: "Routes/Wiring.swift", line: 4).intoMap(key: "account").sharedInScope().to { (counter: RouteCounter) async -> any RouteHandler in
            await AccountRoute(counter: counter)
        }
    }
}

struct RouteMapModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: AsyncRouteModule.self)
        binder.bind((any RouteHandler).self).intoMap(key: "home").to { (counter: RouteCounter) -> any RouteHandler in
            counter.made.increment()
            return PlainRoute(route: "home")
        }
        binder.bind((any RouteHandler).self, file: "Routes/Wiring.swift", line: 6).intoMap(key: "vault").to { () throws -> any RouteHandler in
            throw EffectFixtureError(reason: "vault is locked")
        }
        binder.bind((any RouteHandler).self).intoMap(key: "settings").to { @MainActor (counter: RouteCounter) -> any RouteHandler in
            counter.made.increment()
            return SettingsRoute()
        }
    }
}

struct AsyncRouter: Sendable {
    let handlers: [String: AsyncProvider<any RouteHandler>]
}

struct AsyncRoutesRoot: RootComponent {
    typealias Seed = RouteCounter
    typealias Root = AsyncRouter
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: RouteMapModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncRouter>) -> BindingReceipt<AsyncRouter> {
        bind.to(factory: AsyncRouter.init)
    }
}

struct ProfileRoutes: Component {
    typealias Root = AsyncRouter
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any RouteHandler).self).intoMap(key: "profile").to { () async -> any RouteHandler in PlainRoute(route: "profile") }
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncRouter>) -> BindingReceipt<AsyncRouter> {
        bind.to(factory: AsyncRouter.init)
    }
}

struct RouteHosting: Sendable {
    let routes: ComponentFactory<ProfileRoutes>
}

struct RouteHost: RootComponent {
    typealias Seed = RouteCounter
    typealias Root = RouteHosting
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: RouteMapModule.self)
        binder.install(dependency: ProfileRoutes.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<RouteHosting>) -> BindingReceipt<RouteHosting> {
        bind.to(factory: RouteHosting.init)
    }
}

struct MainActorRouter: Sendable {
    let handlers: [String: MainActorProvider<any RouteHandler>]
}

struct MainActorRoutesRoot: RootComponent {
    typealias Root = MainActorRouter
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any RouteHandler).self).intoMap(key: "home").to { () throws -> any RouteHandler in PlainRoute(route: "home") }
        binder.bind((any RouteHandler).self).intoMap(key: "settings").to { @MainActor () -> any RouteHandler in SettingsRoute() }
    }
    static func configureRoot(binder bind: ReceiptBinder<MainActorRouter>) -> BindingReceipt<MainActorRouter> {
        bind.to(factory: MainActorRouter.init)
    }
}

struct MainActorAsyncRoutesRoot: RootComponent {
    typealias Root = MainActorRouter
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: AsyncRouteModule.self)
        binder.bind(RouteCounter.self).to(factory: RouteCounter.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<MainActorRouter>) -> BindingReceipt<MainActorRouter> {
        bind.to(file: "Routes/Root.swift", line: 30, factory: MainActorRouter.init)
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `MapOfEffectfulProvidersTests.aMapOfMainActorProvidersOfAnAsyncEntryIsRejected`.
    enum MapOfMainActorProvidersOfAnAsyncEntryIsRejected: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MainActorAsyncRoutesRoot.self) }
    }
}
