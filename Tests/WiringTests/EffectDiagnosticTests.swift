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
        binder.bind(EffectDatabase.self, file: "StoreWiring/EffectStoreModule.swift", line: 8).sharedInScope().to(throwingFactory: EffectDatabase.init)
        binder.bind(EffectPool.self, file: "StoreWiring/EffectStoreModule.swift", line: 9).sharedInScope().to(asyncFactory: EffectPool.init)
    }
}

struct EffectScreenModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(EffectViewModel.self, file: "ScreenWiring/EffectScreenModule.swift", line: 6).to(mainActorFactory: EffectViewModel.init)
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
        bind.to(file: "App/Root.swift", line: 40, mainActorFactory: SettingsViewModel.init)
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
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect])
    }

    @Test func effectDiagnosticsAreCollectedWithEveryOtherProblem() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(EffectAndMissingRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.missingBinding, .unhandledEffect])
    }
}

struct EffectAndMissingRoot: RootComponent {
    typealias Root = EffectRepository

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(EffectDatabase.self, file: "App/Store.swift", line: 3).to(throwingFactory: EffectDatabase.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<EffectRepository>) -> BindingReceipt<EffectRepository> {
        bind.to(file: "App/Root.swift", line: 60, factory: EffectRepository.init)
    }
}

struct EffectDatabaseName: Wiring.BindingTag {
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
        binder.bind(EffectDatabase.self, file: "App/Sub.swift", line: 4).to(throwingFactory: EffectDatabase.init)
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
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `EffectDiagnosticTests.anAsyncBindingOnTheRootPathOfAMainActorBuildIsReported`.
    enum AsyncBindingOnTheRootPathOfAMainActorBuildIsReported: GoldenGraph {
        static func validate() throws { _ = try MainActorComponentFactory.of(ScreenUnderBuild.self) }
    }

    /// From `EffectDiagnosticTests.deferredRequestsThatCannotRunAnEffectAreReported`.
    enum DeferredRequestsThatCannotRunAnEffectAreReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ProvidersUnderBuild.self) }
    }

    /// From `EffectDiagnosticTests.everyEffectOnTheRootPathIsReportedWithItsChain`.
    enum EveryEffectOnTheRootPathIsReportedWithItsChain: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ScreenUnderBuild.self) }
    }

    /// From `EffectDiagnosticTests.aMainActorRootUnderTheNonisolatedBuildIsReported`.
    enum MainActorRootUnderTheNonisolatedBuildIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(SettingsUnderBuild.self) }
    }

    /// From `EffectDiagnosticTests.aSubcomponentRootWithEffectsIsReportedWhereItsSynchronousFactoryIsTaken`.
    enum SubcomponentRootWithEffectsIsReportedWhereItsSynchronousFactoryIsTaken: GoldenGraph {
        static func validate() throws { _ = try AsyncComponentFactory.of(SubcomponentEffectRoot.self) }
    }

    /// From `EffectDiagnosticTests.aTaggedBindingWithEffectsAskedForLaterIsToldToTakeATaggedAsyncProvider`.
    enum TaggedBindingWithEffectsAskedForLaterIsToldToTakeATaggedAsyncProvider: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(TaggedEffectRoot.self) }
    }

    /// From `EffectDiagnosticTests.aThrowingBindingOnTheRootPathOfBuildIsReported`.
    enum ThrowingBindingOnTheRootPathOfBuildIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(ThrowingRootUnderBuild.self) }
    }
}
