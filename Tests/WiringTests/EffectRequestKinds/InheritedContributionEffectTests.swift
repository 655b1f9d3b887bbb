import Testing
import Wiring

// A collection a subcomponent adds to carries the effects of the contributions it inherits
// from its ancestors (issue 25): the subcomponent's root is built only by a factory that can run
// them, and a request of its synchronous `ComponentFactory` is rejected.

@Suite(.tags(.concurrency))
struct InheritedContributionEffectTests {
    @Test func aSubcomponentsCollectionRunsTheAsyncContributionItInherits() async throws {
        let host = try ComponentFactory.of(AsyncTenantHost.self).build()
        let migrator = try await host.tenants.build()
        // The subcomponent's own contribution first, then its parent's (Cleanse's order).
        #expect(migrator.migrations.map(\.name) == ["tenant", "schema"])
    }

    @Test func aSubcomponentsMapRunsTheAsyncEntryItInheritsAndItsMapOfProvidersMakesItOnDemand() async throws {
        let host = try ComponentFactory.of(AsyncTenantHost.self).build()
        let directory = try await host.directories.build()
        #expect(directory.handlers.keys.sorted() == ["schema", "tenant"])
        #expect(directory.handlers["schema"]?.name == "schema")
        #expect(try await directory.providers["schema"]?.get().name == "schema")
        #expect(try await directory.providers["tenant"]?.get().name == "tenant")
    }

    @MainActor
    @Test func aMainActorFactoryOfSuchASubcomponentIsRejectedToo() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MainActorTenantHost.self) }
        #expect(error.description.contains(
            "MainActorTenantHosting, the root of MainActorTenantHost, takes MainActorComponentFactory<TenantComponent>, whose build(_:) cannot build the root of TenantComponent"
        ))
    }
}

// MARK: - Fixtures

protocol TenantMigration: Sendable {
    var name: String { get }
}

actor SchemaMigration: TenantMigration {
    nonisolated let name = "schema"
    init() async {}
}

struct TenantRowMigration: TenantMigration {
    let name = "tenant"
}

struct TenantMigrator: Sendable {
    let migrations: [any TenantMigration]
}

struct TenantSchemaModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind((any TenantMigration).self, file: "Tenants/Schema.swift", line: 4).intoCollection().to { () async -> any TenantMigration in
            await SchemaMigration()
        }
        binder.bind((any TenantMigration).self).intoMap(key: "schema").to { () async -> any TenantMigration in
            await SchemaMigration()
        }
    }
}

struct TenantComponent: Component {
    typealias Root = TenantMigrator
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any TenantMigration).self, file: "Tenants/Tenant.swift", line: 5).intoCollection().to(value: TenantRowMigration())
        binder.bind(TenantMigrator.self, file: "Tenants/Tenant.swift", line: 6).to(factory: TenantMigrator.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<TenantMigrator>) -> BindingReceipt<TenantMigrator> {
        bind.to(file: "Tenants/Tenant.swift", line: 12) { (migrator: TenantMigrator) in migrator }
    }
}

struct AsyncTenantHosting: Sendable {
    let tenants: AsyncComponentFactory<TenantComponent>
    let directories: AsyncComponentFactory<TenantDirectoryComponent>
}

struct TenantDirectory: Sendable {
    let handlers: [String: any TenantMigration]
    let providers: [String: AsyncProvider<any TenantMigration>]
}

/// Adds a plain entry to a map whose parent's entry is async.
struct TenantDirectoryComponent: Component {
    typealias Root = TenantDirectory
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any TenantMigration).self).intoMap(key: "tenant").to(value: TenantRowMigration())
    }
    static func configureRoot(binder bind: ReceiptBinder<TenantDirectory>) -> BindingReceipt<TenantDirectory> {
        bind.to(factory: TenantDirectory.init)
    }
}

struct AsyncTenantHost: RootComponent {
    typealias Root = AsyncTenantHosting
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TenantSchemaModule.self)
        binder.install(dependency: TenantComponent.self)
        binder.install(dependency: TenantDirectoryComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<AsyncTenantHosting>) -> BindingReceipt<AsyncTenantHosting> {
        bind.to(factory: AsyncTenantHosting.init)
    }
}

struct SyncTenantHosting: Sendable {
    let tenants: ComponentFactory<TenantComponent>
}

struct SyncTenantHost: RootComponent {
    typealias Root = SyncTenantHosting
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TenantSchemaModule.self)
        binder.install(dependency: TenantComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<SyncTenantHosting>) -> BindingReceipt<SyncTenantHosting> {
        bind.to(file: "Tenants/Host.swift", line: 9, factory: SyncTenantHosting.init)
    }
}

struct MainActorTenantHosting: Sendable {
    let tenants: MainActorComponentFactory<TenantComponent>
}

struct MainActorTenantHost: RootComponent {
    typealias Root = MainActorTenantHosting
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: TenantSchemaModule.self)
        binder.install(dependency: TenantComponent.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<MainActorTenantHosting>) -> BindingReceipt<MainActorTenantHosting> {
        bind.to(file: "Tenants/Host.swift", line: 20, factory: MainActorTenantHosting.init)
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `InheritedContributionEffectTests.aSynchronousFactoryOfASubcomponentWhoseCollectionInheritsAnAsyncContributionIsRejected`.
    enum SynchronousFactoryOfASubcomponentWhoseCollectionInheritsAnAsyncContributionIsRejected: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(SyncTenantHost.self) }
    }
}
