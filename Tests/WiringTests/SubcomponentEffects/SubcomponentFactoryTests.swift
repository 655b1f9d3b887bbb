import Foundation
import Synchronization
import Testing
import Wiring

// The `AsyncComponentFactory<Sub>` and `MainActorComponentFactory<Sub>` that bindings of the
// installing component take, for subcomponents without effects: built with the parent's
// bindings, bound as values, missing, and in the exported graph. Part of the ThreadSanitizer run
// (Scripts/test-thread-sanitizer).

@Suite(.tags(.concurrency))
struct SubcomponentFactoryTests {
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
        #expect(error.diagnostics.map(\.kind) == [.missingBinding, .missingBinding])
    }

    @Test func anAsyncFactoryOfAComponentFactoryBoundAsAValueBuildsThatFactorysRoot() async throws {
        let plain = try ComponentFactory.of(PlainRoot.self)
        let host = try ComponentFactory.of(SeededFactoryHost.self).build(plain)
        #expect(try await host.build() == 2)
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
}

// MARK: - Fixtures: subcomponents without effects

private struct UserID: Wiring.BindingTag { typealias Element = String }

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

private final class RootVault: Sendable {
    let name: String
    init(name: String) throws { self.name = name }
}

private struct RootVaultRoom: Sendable { let vault: RootVault }

private struct VaultRoot: RootComponent {
    typealias Root = RootVaultRoom
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(RootVault.self).to { () throws in try RootVault(name: "root vault") }
    }
    static func configureRoot(binder bind: ReceiptBinder<RootVaultRoom>) -> BindingReceipt<RootVaultRoom> {
        bind.to(factory: RootVaultRoom.init)
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

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `SubcomponentFactoryTests.anAsyncFactoryOfAComponentFactoryWhoseOwnBindingThrowsIsReported`.
    enum AsyncFactoryOfAComponentFactoryWhoseOwnBindingThrowsIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(MadeFactoryHost.self) }
    }

    /// From `SubcomponentFactoryTests.anAsyncFactoryOfASubcomponentNothingInstallsIsAMissingBindingThatSaysToInstallIt`.
    enum AsyncFactoryOfASubcomponentNothingInstallsIsAMissingBindingThatSaysToInstallIt: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(LostHost.self) }
    }
}
