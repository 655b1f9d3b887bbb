import Testing
import Wiring

// Every place where an effect would have to run where it cannot, reported by `of` word for
// word, with the chain that carries the effect and the fix.

struct ThrowingRootUnderBuild: RootComponent {
    typealias Seed = String
    typealias Root = EffectRepository

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: EffectStoreModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectRepository>) -> BindingReceipt<EffectRepository> {
        bind.to(file: "App/Root.swift", line: 20, factory: EffectRepository.init)
    }
}

struct EffectStoreModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectDatabase.self, file: "StoreWiring/EffectStoreModule.swift", line: 8).sharedInScope().to(factory: EffectDatabase.init)
        binder.bind(EffectPool.self, file: "StoreWiring/EffectStoreModule.swift", line: 9).sharedInScope().to(factory: EffectPool.init)
    }
}

struct EffectScreenModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectViewModel.self, file: "ScreenWiring/EffectScreenModule.swift", line: 6).to(factory: EffectViewModel.init)
    }
}

struct ScreenUnderBuild: RootComponent {
    typealias Seed = String
    typealias Root = EffectViewModel

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: EffectStoreModule.self)
        binder.include(module: EffectScreenModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectViewModel>) -> BindingReceipt<EffectViewModel> {
        bind.to(file: "App/Root.swift", line: 30) { (model: EffectViewModel) in model }
    }
}

struct SettingsUnderBuild: RootComponent {
    typealias Seed = String
    typealias Root = SettingsViewModel

    static func configure(binder: Binder<Singleton>) {}

    static func configureRoot(binder bind: ReceiptBinder<SettingsViewModel>) -> BindingReceipt<SettingsViewModel> {
        bind.to(file: "App/Root.swift", line: 40, factory: SettingsViewModel.init)
    }
}

struct ProvidersOfEffects: Sendable {
    let database: Provider<EffectDatabase>
    let pool: Lazy<EffectPool>
    let open: @Sendable () -> EffectDatabase
    let screen: MainActorProvider<EffectViewModel>
}

struct ProvidersUnderBuild: RootComponent {
    typealias Seed = String
    typealias Root = ProvidersOfEffects

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: EffectStoreModule.self)
        binder.include(module: EffectScreenModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ProvidersOfEffects>) -> BindingReceipt<ProvidersOfEffects> {
        bind.to(file: "App/Root.swift", line: 50, factory: ProvidersOfEffects.init)
    }
}

struct EffectDiagnosticTests {
    @Test func aThrowingBindingOnTheRootPathOfBuildIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ThrowingRootUnderBuild.self) }
        #expect(error.description == """
            Wiring found 1 problem in the object graph of ThrowingRootUnderBuild:

            App/Root.swift:20: error: ComponentFactory.build(_:) cannot build the root of ThrowingRootUnderBuild: EffectDatabase throws, and build(_:) is synchronous, nonisolated and cannot throw.
              EffectDatabase throws, bound at StoreWiring/EffectStoreModule.swift:8 in EffectStoreModule
              required by EffectRepository, the root of ThrowingRootUnderBuild at App/Root.swift:20
              To fix this, build the root with AsyncComponentFactory.of(ThrowingRootUnderBuild.self) and try await factory.build(...), or on the main actor with MainActorComponentFactory.of(ThrowingRootUnderBuild.self) and try factory.build(...), or let EffectRepository, the root of ThrowingRootUnderBuild, take AsyncProvider<EffectDatabase> instead of EffectDatabase and call try await get() later.
            """)
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func everyEffectOnTheRootPathIsReportedWithItsChain() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ScreenUnderBuild.self) }
        #expect(error.diagnostics.map(\.message) == [
            """
            ComponentFactory.build(_:) cannot build the root of ScreenUnderBuild: EffectViewModel runs on the main actor, and build(_:) is synchronous, nonisolated and cannot throw.
              EffectViewModel runs on the main actor, bound at ScreenWiring/EffectScreenModule.swift:6 in EffectScreenModule
              required by EffectViewModel, the root of ScreenUnderBuild at App/Root.swift:30
              To fix this, build the root with AsyncComponentFactory.of(ScreenUnderBuild.self) and try await factory.build(...), or on the main actor with MainActorComponentFactory.of(ScreenUnderBuild.self) and try factory.build(...), or let EffectViewModel, the root of ScreenUnderBuild, take AsyncProvider<EffectViewModel> instead of EffectViewModel and call try await get() later.
            """,
            """
            ComponentFactory.build(_:) cannot build the root of ScreenUnderBuild: EffectPool is async, and build(_:) is synchronous, nonisolated and cannot throw.
              EffectPool is async, bound at StoreWiring/EffectStoreModule.swift:9 in EffectStoreModule
              required by EffectViewModel at ScreenWiring/EffectScreenModule.swift:6
              required by EffectViewModel, the root of ScreenUnderBuild at App/Root.swift:30
              To fix this, build the root with AsyncComponentFactory.of(ScreenUnderBuild.self) and try await factory.build(...), or let EffectViewModel take AsyncProvider<EffectPool> instead of EffectPool and call try await get() later.
            """,
            """
            ComponentFactory.build(_:) cannot build the root of ScreenUnderBuild: EffectDatabase throws, and build(_:) is synchronous, nonisolated and cannot throw.
              EffectDatabase throws, bound at StoreWiring/EffectStoreModule.swift:8 in EffectStoreModule
              required by EffectPool at StoreWiring/EffectStoreModule.swift:9
              required by EffectViewModel at ScreenWiring/EffectScreenModule.swift:6
              required by EffectViewModel, the root of ScreenUnderBuild at App/Root.swift:30
              To fix this, build the root with AsyncComponentFactory.of(ScreenUnderBuild.self) and try await factory.build(...), or on the main actor with MainActorComponentFactory.of(ScreenUnderBuild.self) and try factory.build(...), or let EffectPool take AsyncProvider<EffectDatabase> instead of EffectDatabase and call try await get() later.
            """,
        ])
    }

    @Test func anAsyncBindingOnTheRootPathOfAMainActorBuildIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try MainActorComponentFactory.of(ScreenUnderBuild.self) }
        #expect(error.diagnostics.map(\.message) == [
            """
            MainActorComponentFactory.build(_:) cannot build the root of ScreenUnderBuild: EffectPool is async, and build(_:) cannot await.
              EffectPool is async, bound at StoreWiring/EffectStoreModule.swift:9 in EffectStoreModule
              required by EffectViewModel at ScreenWiring/EffectScreenModule.swift:6
              required by EffectViewModel, the root of ScreenUnderBuild at App/Root.swift:30
              To fix this, build the root with AsyncComponentFactory.of(ScreenUnderBuild.self) and try await factory.build(...), or let EffectViewModel take AsyncProvider<EffectPool> instead of EffectPool and call try await get() later.
            """,
        ])
    }

    @Test func aMainActorRootUnderTheNonisolatedBuildIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SettingsUnderBuild.self) }
        #expect(error.diagnostics.map(\.message) == [
            """
            ComponentFactory.build(_:) cannot build the root of SettingsUnderBuild: SettingsViewModel, the root of SettingsUnderBuild, runs on the main actor, and build(_:) is synchronous, nonisolated and cannot throw.
              SettingsViewModel, the root of SettingsUnderBuild, runs on the main actor, bound at App/Root.swift:40 in SettingsUnderBuild
              To fix this, build the root with AsyncComponentFactory.of(SettingsUnderBuild.self) and try await factory.build(...), or on the main actor with MainActorComponentFactory.of(SettingsUnderBuild.self) and try factory.build(...).
            """,
        ])
    }

    @Test func deferredRequestsThatCannotRunAnEffectAreReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ProvidersUnderBuild.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            App/Root.swift:50: error: ProvidersOfEffects, the root of ProvidersUnderBuild, takes Provider<EffectDatabase>, whose get() cannot resolve EffectDatabase: EffectDatabase throws, and get() is synchronous, nonisolated and cannot throw.
              EffectDatabase throws, bound at StoreWiring/EffectStoreModule.swift:8 in EffectStoreModule
              required by ProvidersOfEffects, the root of ProvidersUnderBuild as Provider<EffectDatabase> at App/Root.swift:50
              To fix this, take AsyncProvider<EffectDatabase> instead and call try await get(), or MainActorProvider<EffectDatabase> and call try get() on the main actor.
            """,
            """
            App/Root.swift:50: error: ProvidersOfEffects, the root of ProvidersUnderBuild, takes Lazy<EffectPool>, whose get() cannot resolve EffectPool: EffectPool is async, and get() is synchronous, nonisolated and cannot throw.
              EffectPool is async, bound at StoreWiring/EffectStoreModule.swift:9 in EffectStoreModule
              required by ProvidersOfEffects, the root of ProvidersUnderBuild as Lazy<EffectPool> at App/Root.swift:50
              To fix this, take AsyncProvider<EffectPool> instead and call try await get().
            """,
            """
            App/Root.swift:50: error: ProvidersOfEffects, the root of ProvidersUnderBuild, takes Lazy<EffectPool>, whose get() cannot resolve EffectPool: EffectDatabase throws, and get() is synchronous, nonisolated and cannot throw.
              EffectDatabase throws, bound at StoreWiring/EffectStoreModule.swift:8 in EffectStoreModule
              required by EffectPool at StoreWiring/EffectStoreModule.swift:9
              required by ProvidersOfEffects, the root of ProvidersUnderBuild as Lazy<EffectPool> at App/Root.swift:50
              To fix this, take AsyncProvider<EffectPool> instead and call try await get(), or MainActorProvider<EffectPool> and call try get() on the main actor.
            """,
            """
            App/Root.swift:50: error: ProvidersOfEffects, the root of ProvidersUnderBuild, takes @Sendable () -> EffectDatabase, which cannot resolve EffectDatabase when called: EffectDatabase throws, and the closure is synchronous, nonisolated and cannot throw.
              EffectDatabase throws, bound at StoreWiring/EffectStoreModule.swift:8 in EffectStoreModule
              required by ProvidersOfEffects, the root of ProvidersUnderBuild as @Sendable () -> EffectDatabase at App/Root.swift:50
              To fix this, take AsyncProvider<EffectDatabase> instead and call try await get(), or MainActorProvider<EffectDatabase> and call try get() on the main actor.
            """,
            """
            App/Root.swift:50: error: ProvidersOfEffects, the root of ProvidersUnderBuild, takes MainActorProvider<EffectViewModel>, whose get() cannot resolve EffectViewModel: EffectPool is async, and get() cannot await.
              EffectPool is async, bound at StoreWiring/EffectStoreModule.swift:9 in EffectStoreModule
              required by EffectViewModel at ScreenWiring/EffectScreenModule.swift:6
              required by ProvidersOfEffects, the root of ProvidersUnderBuild as MainActorProvider<EffectViewModel> at App/Root.swift:50
              To fix this, take AsyncProvider<EffectViewModel> instead and call try await get().
            """,
        ])
    }

    @Test func effectDiagnosticsAreCollectedWithEveryOtherProblem() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(EffectAndMissingRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.missingBinding, .unhandledEffect])
    }
}

struct EffectAndMissingRoot: RootComponent {
    typealias Root = EffectRepository

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 3).to(factory: EffectDatabase.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectRepository>) -> BindingReceipt<EffectRepository> {
        bind.to(file: "App/Root.swift", line: 60, factory: EffectRepository.init)
    }
}

struct EffectDatabaseName: Wiring.Tag {
    typealias Element = String
}

struct TaggedEffectRoot: RootComponent {
    typealias Root = TaggedProvider<EffectDatabaseName>

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "App/Names.swift", line: 2).tagged(with: EffectDatabaseName.self).to { () throws in "shop" }
    }

    static func configureRoot(binder bind: ReceiptBinder<TaggedProvider<EffectDatabaseName>>) -> BindingReceipt<TaggedProvider<EffectDatabaseName>> {
        bind.to(file: "App/Root.swift", line: 70) { (name: TaggedProvider<EffectDatabaseName>) in name }
    }
}

struct EffectfulSubcomponent: Component {
    typealias Root = EffectRepository

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "App/Sub.swift", line: 3).to(value: "sub.sqlite")
        binder.bind(EffectDatabase.self, file: "App/Sub.swift", line: 4).to(factory: EffectDatabase.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectRepository>) -> BindingReceipt<EffectRepository> {
        bind.to(file: "App/Sub.swift", line: 8, factory: EffectRepository.init)
    }
}

struct SubcomponentEffectRoot: RootComponent {
    typealias Root = ComponentFactory<EffectfulSubcomponent>

    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: EffectfulSubcomponent.self, file: "App/Root.swift", line: 80)
    }

    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<EffectfulSubcomponent>>) -> BindingReceipt<ComponentFactory<EffectfulSubcomponent>> {
        bind.to(file: "App/Root.swift", line: 81) { (sub: ComponentFactory<EffectfulSubcomponent>) in sub }
    }
}

struct EffectDiagnosticEdgeTests {
    @Test func aTaggedBindingWithEffectsAskedForLaterIsToldToTakeATaggedAsyncProvider() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TaggedEffectRoot.self) }
        #expect(error.diagnostics.map(\.message) == ["""
            TaggedProvider<EffectDatabaseName>, the root of TaggedEffectRoot, takes TaggedProvider<EffectDatabaseName>, whose get() cannot resolve String tagged EffectDatabaseName: String tagged EffectDatabaseName throws, and get() is synchronous, nonisolated and cannot throw.
              String tagged EffectDatabaseName throws, bound at App/Names.swift:2 in TaggedEffectRoot
              required by TaggedProvider<EffectDatabaseName>, the root of TaggedEffectRoot as TaggedProvider<EffectDatabaseName> at App/Root.swift:70
              To fix this, take AsyncTaggedProvider<EffectDatabaseName> instead and call try await get(), or MainActorTaggedProvider<EffectDatabaseName> and call try get() on the main actor.
            """])
    }

    @Test func aSubcomponentRootWithEffectsIsReportedWhereItsSynchronousFactoryIsTaken() throws {
        let error = try #require(throws: ValidationError.self) { try AsyncComponentFactory.of(SubcomponentEffectRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Root.swift:81: error: ComponentFactory<EffectfulSubcomponent>, the root of SubcomponentEffectRoot, takes ComponentFactory<EffectfulSubcomponent>, whose build(_:) cannot build the root of EffectfulSubcomponent: EffectDatabase throws, and build(_:) is synchronous, nonisolated and cannot throw.
              EffectDatabase throws, bound at App/Sub.swift:4 in EffectfulSubcomponent
              required by EffectRepository, the root of EffectfulSubcomponent at App/Sub.swift:8
              required by ComponentFactory<EffectfulSubcomponent>, the root of SubcomponentEffectRoot as ComponentFactory<EffectfulSubcomponent> at App/Root.swift:81
              To fix this, take AsyncComponentFactory<EffectfulSubcomponent> instead and call try await build(...), or MainActorComponentFactory<EffectfulSubcomponent> and call try build(...) on the main actor, or let EffectRepository, the root of EffectfulSubcomponent, take AsyncProvider<EffectDatabase> instead of EffectDatabase and call try await get() later.
            """])
    }
}
