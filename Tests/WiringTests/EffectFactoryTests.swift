import Foundation
import Testing
import Wiring

// Factories with effects, alone and combined, built through the effectful entry points.

struct DatabaseComponent: RootComponent {
    typealias Seed = String
    typealias Root = EffectRepository

    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 10).sharedInScope().to(throwingFactory: EffectDatabase.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectRepository>) -> BindingReceipt<EffectRepository> {
        bind.to(file: "App/Root.swift", line: 20, factory: EffectRepository.init)
    }
}

struct PoolComponent: RootComponent {
    typealias Seed = String
    typealias Root = EffectPool

    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 10).sharedInScope().to(throwingFactory: EffectDatabase.init)
        binder.bind(EffectPool.self, file: "App/Store.swift", line: 11).sharedInScope().to(asyncFactory: EffectPool.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectPool>) -> BindingReceipt<EffectPool> {
        bind.to(file: "App/Root.swift", line: 20) { (pool: EffectPool) in pool }
    }
}

struct ScreenComponent: RootComponent {
    typealias Seed = String
    typealias Root = EffectViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 10).sharedInScope().to(throwingFactory: EffectDatabase.init)
        binder.bind(EffectPool.self, file: "App/Store.swift", line: 11).sharedInScope().to(asyncFactory: EffectPool.init)
        binder.bind(EffectViewModel.self, file: "App/Screen.swift", line: 5).sharedInScope().to(mainActorFactory: EffectViewModel.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectViewModel>) -> BindingReceipt<EffectViewModel> {
        bind.to(file: "App/Root.swift", line: 20) { (model: EffectViewModel) in model }
    }
}

struct LoadingComponent: RootComponent {
    typealias Seed = String
    typealias Root = LoadingViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 10).sharedInScope().to(throwingFactory: EffectDatabase.init)
        binder.bind(EffectPool.self, file: "App/Store.swift", line: 11).sharedInScope().to(asyncFactory: EffectPool.init)
        binder.bind(LoadingViewModel.self, file: "App/Loading.swift", line: 7).sharedInScope().to(mainActorFactory: LoadingViewModel.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<LoadingViewModel>) -> BindingReceipt<LoadingViewModel> {
        bind.to(file: "App/Root.swift", line: 20) { (model: LoadingViewModel) in model }
    }
}

struct SettingsComponent: RootComponent {
    typealias Seed = String
    typealias Root = SettingsViewModel

    static func configure(binder: Binder<Singleton>) {}

    static func configureRoot(binder bind: ReceiptBinder<SettingsViewModel>) -> BindingReceipt<SettingsViewModel> {
        bind.to(file: "App/Root.swift", line: 20, mainActorFactory: SettingsViewModel.init)
    }
}

struct LazyDatabaseScreen: Sendable {
    let database: AsyncProvider<EffectDatabase>
    let settings: MainActorProvider<SettingsViewModel>
}

struct DeferredComponent: RootComponent {
    typealias Seed = String
    typealias Root = LazyDatabaseScreen

    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 10).sharedInScope().to(throwingFactory: EffectDatabase.init)
        binder.bind(SettingsViewModel.self, file: "App/Screen.swift", line: 6).to(mainActorFactory: SettingsViewModel.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<LazyDatabaseScreen>) -> BindingReceipt<LazyDatabaseScreen> {
        bind.to(file: "App/Root.swift", line: 20, factory: LazyDatabaseScreen.init)
    }
}

struct NumbersComponent: RootComponent {
    typealias Root = [Int]

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Int.self).intoCollection().to { () async in 1 }
        binder.bind(Int.self).intoCollection().to(value: 2)
        binder.bind(Int.self).intoCollection().to { () throws in 3 }
    }

    static func configureRoot(binder bind: ReceiptBinder<[Int]>) -> BindingReceipt<[Int]> {
        bind.to { (numbers: [Int]) in numbers }
    }
}

struct PlainComponent: RootComponent {
    typealias Root = EffectRepository

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "plain.sqlite")
        binder.bind(EffectDatabase.self).to { (path: String) in (try? EffectDatabase(path: path)) ?? EffectRepository.fallback }
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectRepository>) -> BindingReceipt<EffectRepository> {
        bind.to(factory: EffectRepository.init)
    }
}

extension EffectRepository {
    static let fallback: EffectDatabase = {
        do { return try EffectDatabase(path: "fallback") } catch { preconditionFailure("the fixture's path is not empty") }
    }()
}

@Suite(.tags(.concurrency))
struct EffectFactoryTests {
    @Test func aThrowingFactoryIsBuiltByTheAsyncFactory() async throws {
        let factory = try AsyncComponentFactory.of(DatabaseComponent.self)
        let repository = try await factory.build("shop.sqlite")
        #expect(repository.database.path == "shop.sqlite")
    }

    @MainActor
    @Test func aThrowingFactoryIsBuiltOnTheMainActor() throws {
        let factory = try MainActorComponentFactory.of(DatabaseComponent.self)
        let repository = try factory.build("main.sqlite")
        #expect(repository.database.path == "main.sqlite")
    }

    @Test func theErrorOfAFactoryNamesTheBindingItsLocationAndTheChain() async throws {
        let factory = try AsyncComponentFactory.of(DatabaseComponent.self)
        let error = try await #require(throws: ResolutionError.self) { try await factory.build("") }
        #expect(error.description == """
            The factory of EffectDatabase at App/Store.swift:10 in DatabaseComponent threw: fixture error: no path
              required by EffectRepository, the root of DatabaseComponent at App/Root.swift:20
            """)
        #expect(error.underlying as? EffectFixtureError == EffectFixtureError(reason: "no path"))
        #expect(error.binding == "EffectDatabase")
        #expect(error.location == SourceLocation(fileID: "App/Store.swift", line: 10))
        #expect(error.componentPath == ["DatabaseComponent"])
    }

    @Test func anAsyncFactoryIsAwaited() async throws {
        let pool = try await AsyncComponentFactory.of(PoolComponent.self).build("pool.sqlite")
        #expect(pool.database.path == "pool.sqlite")
    }

    @Test func aMainActorFactoryRunsOnTheMainActorFromAnyTask() async throws {
        let factory = try AsyncComponentFactory.of(ScreenComponent.self)
        let model = try await Task.detached { try await factory.build("screen.sqlite") }.value
        let path = model.pool.database.path
        #expect(path == "screen.sqlite")
    }

    @Test func aMainActorAsyncFactoryIsRecordedWithBothEffectsAndRunsOnTheMainActor() async throws {
        let factory = try AsyncComponentFactory.of(LoadingComponent.self)
        #expect(factory.graph.bindings(of: LoadingViewModel.self).map(\.effects) == [[.mainActor, .async, .throwing]])
        #expect(factory.graph.rendered(as: .text).contains(
            "└── LoadingViewModel  shared in Singleton · @MainActor async throws · LoadingComponent, App/Loading.swift:7"
        ))
        let before = LoadingViewModel.made.value
        let model = try await Task.detached { try await factory.build("loading.sqlite") }.value
        let path = model.pool.database.path
        #expect(path == "loading.sqlite")
        #expect(LoadingViewModel.made.value == before + 1)
        let error = try await #require(throws: ResolutionError.self) { try await factory.build("broken") }
        #expect(error.description == """
            The factory of LoadingViewModel at App/Loading.swift:7 in LoadingComponent threw: fixture error: cannot load
              required by LoadingViewModel, the root of LoadingComponent at App/Root.swift:20
            """)
    }

    @MainActor
    @Test func aMainActorRootIsBuiltSynchronouslyOnTheMainActor() throws {
        let model = try MainActorComponentFactory.of(SettingsComponent.self).build("settings")
        #expect(model.path == "settings")
    }

    @Test func everyBindingRecordsItsOwnEffectsInTheGraph() throws {
        let graph = try AsyncComponentFactory.of(ScreenComponent.self).graph
        #expect(graph.bindings(of: EffectDatabase.self).map(\.effects) == [.throwing])
        #expect(graph.bindings(of: EffectPool.self).map(\.effects) == [.async])
        #expect(graph.bindings(of: EffectViewModel.self).map(\.effects) == [.mainActor])
        #expect(graph.bindings(of: String.self).map(\.effects) == [[]])
        let json = graph.rendered(as: .json)
        #expect(json.contains("""
                  "effects" : [
                    "async"
                  ],
            """))
        #expect(graph.rendered(as: .text) == """
            ScreenComponent (scope Singleton)
            EffectViewModel  root · ScreenComponent, App/Root.swift:20
            └── EffectViewModel  shared in Singleton · @MainActor · ScreenComponent, App/Screen.swift:5
                └── EffectPool  shared in Singleton · async · ScreenComponent, App/Store.swift:11
                    └── EffectDatabase  shared in Singleton · throws · ScreenComponent, App/Store.swift:10
                        └── String  seed · ScreenComponent

            """)
        #expect(graph.rendered(as: .mermaid).contains(#"["EffectPool<br/>shared in Singleton<br/>async"]"#))
        #expect(graph.rendered(as: .dot).contains(#"label="EffectPool\nshared in Singleton\nasync\nScreenComponent, App/Store.swift:11""#))
    }

    @Test func effectsRoundTripThroughJSON() throws {
        let graph = try AsyncComponentFactory.of(ScreenComponent.self).graph
        let decoded = try JSONDecoder().decode(ObjectGraph.self, from: try JSONEncoder().encode(graph))
        #expect(decoded == graph)
        #expect(Effects([.mainActor, .async, .throwing]).description == "@MainActor async throws")
    }

    @Test func deferredProvidersRunTheirEffectsWhenAsked() async throws {
        let screen = try ComponentFactory.of(DeferredComponent.self).build("deferred.sqlite")
        let database = try await screen.database.get()
        #expect(database.path == "deferred.sqlite")
        let again = try await screen.database.get()
        #expect(again === database)
        let settings = try await MainActor.run { try screen.settings.get().path }
        #expect(settings == "deferred.sqlite")
    }

    @Test func aCollectionCarriesTheEffectsOfItsContributions() async throws {
        let numbers = try await AsyncComponentFactory.of(NumbersComponent.self).build()
        #expect(numbers == [1, 2, 3])
    }

    @Test func anEffectFreeGraphBuildsThroughEveryEntryPoint() async throws {
        let plain = try ComponentFactory.of(PlainComponent.self).build()
        let awaited = try await AsyncComponentFactory.of(PlainComponent.self).build()
        let onMain = try await MainActor.run { try MainActorComponentFactory.of(PlainComponent.self).build() }
        #expect([plain, awaited, onMain].map(\.database.path) == ["plain.sqlite", "plain.sqlite", "plain.sqlite"])
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `EffectFactoryTests.aMainActorAsyncFactoryCannotBeBuiltSynchronouslyOnTheMainActor`.
    enum MainActorAsyncFactoryCannotBeBuiltSynchronouslyOnTheMainActor: GoldenGraph {
        static func validate() throws { _ = try MainActorComponentFactory.of(LoadingComponent.self) }
    }
}
