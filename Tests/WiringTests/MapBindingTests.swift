import Synchronization
import Testing
import Wiring

/// `intoMap(key:)` entries are merged into `[Key: Value]`, and `[Key: Provider<Value>]` makes
/// only the entries it is asked for.
@Suite(.tags(.concurrency))
struct MapBindingTests {
    @Test func entriesFromSeveralModulesAreMergedUnderTheirKeys() throws {
        let root = try ComponentFactory.of(RouterRoot.self).build()
        #expect(root.handlers.mapValues(\.name) == ["home": "home", "settings": "settings", "profile": "profile"])
    }

    @Test func keysOfSeveralTypesMakeSeparateMaps() throws {
        let root = try ComponentFactory.of(RouterRoot.self).build()
        #expect(root.byRoute.mapValues(\.name) == [.home: "home route", .settings: "settings route"])
        #expect(root.byCode == [1: "one", 2: "two"])
        #expect(root.byCodeName == ["1": "one as text"])
    }

    @Test func aProviderMapMakesOnlyTheEntriesItIsAskedFor() throws {
        let made = MadeLog()
        let root = try ComponentFactory.of(CountingRoot.self).build(made)
        #expect(made.counts == [:])
        #expect(Set(root.handlers.keys) == ["a", "b", "c"])
        #expect(root.handlers["b"]?.get().name == "b")
        #expect(root.handlers["b"]?.get().name == "b")
        #expect(made.counts == ["b": 2])
    }

    @Test func aTaggedMapIsSeparateFromTheUntaggedOne() throws {
        let root = try ComponentFactory.of(RouterRoot.self).build()
        #expect(root.admin.mapValues(\.name) == ["audit": "audit"])
        #expect(root.handlers["audit"] == nil)
    }

    @Test func aSharedEntryIsMadeOncePerBuiltComponent() throws {
        let factory = try ComponentFactory.of(RouterRoot.self)
        let root = factory.build()
        #expect(root.handlers["home"] === root.providers["home"]?.get())
        #expect(root.handlers["settings"] !== root.providers["settings"]?.get())
        #expect(root.handlers["home"] !== factory.build().handlers["home"])
    }

    @Test func aSubcomponentAddsEntriesToItsParentsMap() throws {
        let root = try ComponentFactory.of(RouterRoot.self).build()
        let session = root.sessions.build(())
        #expect(session.handlers.mapValues(\.name) == ["home": "home", "settings": "settings", "profile": "profile", "inbox": "inbox"])
        #expect(session.providers.keys.sorted() == ["home", "inbox", "profile", "settings"])
        #expect(session.handlers["home"] === root.handlers["home"])
        #expect(root.handlers["inbox"] == nil)
    }

    @Test func aSharedEntryIsMadeOnceWhenManyTasksAskAtOnce() async throws {
        let made = MadeLog()
        let root = try ComponentFactory.of(SharedCountingRoot.self).build(made)
        let names = await withTaskGroup(of: String.self) { group in
            for _ in 0..<200 {
                group.addTask { root.handlers["shared"]?.get().name ?? "none" }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "shared", count: 200))
        #expect(made.counts == ["shared": 1])
    }

    @Test func aDeclaredMapWithoutEntriesIsEmpty() throws {
        let root = try ComponentFactory.of(EmptyRoot.self).build()
        #expect(root.handlers.isEmpty)
        #expect(root.providers.isEmpty)
    }

    @Test func anEntryMayTakeTheProvidersOfItsOwnMap() throws {
        let root = try ComponentFactory.of(DispatchRoot.self).build()
        #expect(root["forward"]?.handle() == "forwarded to target")
    }

    @Test func entriesWithEffectsAreMadeByTheAsyncEntryPoint() async throws {
        let root = try await AsyncComponentFactory.of(AsyncMapRoot.self).build()
        #expect(root.mapValues(\.name) == ["loaded": "loaded", "plain": "plain"])
    }

    @Test func entriesMadeByAsyncAndMainActorInitialisersAreMadeInTheirContexts() async throws {
        let root = try await AsyncComponentFactory.of(EffectfulEntriesRoot.self).build()
        #expect(root.mapValues(\.name) == ["async": "async", "main": "main", "throws": "throws"])
        let graph = try AsyncComponentFactory.of(EffectfulEntriesRoot.self).graph
        #expect(graph.bindings(of: [String: any Named].self).map(\.effects) == [.async, .mainActor, .throwing])
    }

    @MainActor
    @Test func aMainActorEntryIsMadeOnTheMainActorBySynchronousMainActorBuild() throws {
        let root = try MainActorComponentFactory.of(MainActorEntriesRoot.self).build()
        #expect(root.mapValues(\.name) == ["main": "main"])
    }

    @Test func aMapWithAnAsyncEntryCannotBeBuiltSynchronously() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(EffectfulEntriesRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.unhandledEffect, .unhandledEffect, .unhandledEffect])
    }

    @Test func aThrowingEntryReportsItsErrorWithTheMapsEntry() async throws {
        let factory = try AsyncComponentFactory.of(FailingMapRoot.self)
        let error = try await #require(throws: ResolutionError.self) { try await factory.build() }
        #expect(error.description == """
            The factory of the entry "broken" of [String: Handler] at Tests/Maps.swift:90 in FailingMapRoot threw: HandlerFailure()
              required by [String: Handler], the root of FailingMapRoot at WiringTests/MapBindingTests.swift:\(FailingMapRoot.rootLine)
            """)
    }
}

// MARK: - Fixtures

private final class Handler: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private enum Route: Hashable, Sendable {
    case home, settings
}

private struct AdminHandlers: Wiring.BindingTag { typealias Element = [String: Handler] }

private struct HomeWiringModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Handler.self).intoMap(key: "home").sharedInScope().to { Handler(name: "home") }
        binder.bind(Handler.self).intoMap(key: Route.home).to { Handler(name: "home route") }
        binder.bind(String.self).intoMap(key: 1).to(value: "one")
    }
}

private struct SettingsWiringModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Handler.self).intoMap(key: "settings").to { Handler(name: "settings") }
        binder.bind(Handler.self).intoMap(key: "profile").to(factory: { Handler(name: "profile") })
        binder.bind(Handler.self).intoMap(key: Route.settings).to { Handler(name: "settings route") }
        binder.bind(Handler.self).intoMap(key: "audit").tagged(with: AdminHandlers.self).to { Handler(name: "audit") }
        binder.bind(String.self).intoMap(key: 2).to { "two" }
        binder.bind(String.self).intoMap(key: "1").to { (one: [Int: String]) in "\(one[1] ?? "") as text" }
    }
}

private struct InboxSession: Component {
    typealias Root = InboxSessionRoot
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Handler.self).intoMap(key: "inbox").to { Handler(name: "inbox") }
    }
    static func configureRoot(binder bind: ReceiptBinder<InboxSessionRoot>) -> BindingReceipt<InboxSessionRoot> {
        bind.to(factory: InboxSessionRoot.init)
    }
}

private struct InboxSessionRoot {
    let handlers: [String: Handler]
    let providers: [String: Provider<Handler>]
}

private struct Router {
    let handlers: [String: Handler]
    let providers: [String: Provider<Handler>]
    let byRoute: [Route: Handler]
    let byCode: [Int: String]
    let byCodeName: [String: String]
    let admin: [String: Handler]
    let sessions: ComponentFactory<InboxSession>
}

private struct RouterRoot: RootComponent {
    typealias Root = Router
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: HomeWiringModule.self)
        binder.include(module: SettingsWiringModule.self)
        binder.install(dependency: InboxSession.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Router>) -> BindingReceipt<Router> {
        bind.to { (handlers: [String: Handler], providers: [String: Provider<Handler>], byRoute: [Route: Handler],
                   byCode: [Int: String], byCodeName: [String: String], admin: TaggedProvider<AdminHandlers>,
                   sessions: ComponentFactory<InboxSession>) in
            Router(
                handlers: handlers, providers: providers, byRoute: byRoute, byCode: byCode, byCodeName: byCodeName,
                admin: admin.get(), sessions: sessions
            )
        }
    }
}

/// How many times each entry was made, counted with atomics, which ThreadSanitizer sees (it
/// cannot see `Mutex` on Linux).
private final class MadeLog: Sendable {
    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    private let counters = ["a": Counter(), "b": Counter(), "c": Counter(), "shared": Counter()]

    func record(_ name: String) { counters[name]?.value.add(1, ordering: .relaxed) }

    /// The count of each entry made at least once.
    var counts: [String: Int] {
        counters.compactMapValues { counter in
            let count = counter.value.load(ordering: .relaxed)
            return count == 0 ? nil : count
        }
    }
}

private struct Counting: Sendable {
    let handlers: [String: Provider<Handler>]
}

private struct CountingRoot: RootComponent {
    typealias Seed = MadeLog
    typealias Root = Counting
    static func configure(binder: Binder<Unscoped>) {
        for name in ["a", "b", "c"] {
            binder.bind(Handler.self).intoMap(key: name).to { (made: MadeLog) in
                made.record(name)
                return Handler(name: name)
            }
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Counting>) -> BindingReceipt<Counting> {
        bind.to(factory: Counting.init)
    }
}

private struct SharedCountingRoot: RootComponent {
    typealias Seed = MadeLog
    typealias Root = Counting
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Handler.self).intoMap(key: "shared").sharedInScope().to { (made: MadeLog) in
            made.record("shared")
            return Handler(name: "shared")
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<Counting>) -> BindingReceipt<Counting> {
        bind.to(factory: Counting.init)
    }
}

private struct EmptyRoot: RootComponent {
    typealias Root = Empty
    struct Empty {
        let handlers: [String: Handler]
        let providers: [String: Provider<Handler>]
    }
    static func configure(binder: Binder<Unscoped>) {
        binder.declareMap([String: Handler].self)
        binder.declareMap([String: Handler].self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Empty>) -> BindingReceipt<Empty> {
        bind.to(factory: Empty.init)
    }
}

private protocol Dispatching: Sendable {
    func handle() -> String
}

private struct Target: Dispatching {
    func handle() -> String { "target" }
}

private struct Forward: Dispatching {
    let all: [String: Provider<any Dispatching>]
    func handle() -> String { "forwarded to " + (all["target"]?.get().handle() ?? "nothing") }
}

private struct DispatchRoot: RootComponent {
    typealias Root = [String: any Dispatching]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Dispatching).self).intoMap(key: "target").to { Target() as any Dispatching }
        binder.bind((any Dispatching).self).intoMap(key: "forward").to { (all: [String: Provider<any Dispatching>]) in
            Forward(all: all) as any Dispatching
        }
        binder.declareMap([String: any Dispatching].self)
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: any Dispatching]>) -> BindingReceipt<[String: any Dispatching]> {
        bind.to { (all: [String: any Dispatching]) in all }
    }
}

private actor Loader {
    init() async {}
    nonisolated var name: String { "loaded" }
}

private struct AsyncMapRoot: RootComponent {
    typealias Root = [String: Handler]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Loader.self).to(asyncFactory: Loader.init)
        binder.bind(Handler.self).intoMap(key: "loaded").to { (loader: Loader) in Handler(name: loader.name) }
        binder.bind(Handler.self).intoMap(key: "plain").to { Handler(name: "plain") }
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: Handler]>) -> BindingReceipt<[String: Handler]> {
        bind.to { (all: [String: Handler]) in all }
    }
}

private struct HandlerFailure: Error {}

private struct FailingMapRoot: RootComponent {
    typealias Root = [String: Handler]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Handler.self, file: "Tests/Maps.swift", line: 90).intoMap(key: "broken").to { () throws(HandlerFailure) -> Handler in
            throw HandlerFailure()
        }
    }
    static let rootLine = #line + 2
    static func configureRoot(binder bind: ReceiptBinder<[String: Handler]>) -> BindingReceipt<[String: Handler]> {
        bind.to { (all: [String: Handler]) in all }
    }
}

private protocol Named: Sendable {
    var name: String { get }
}

private actor AsyncNamed: Named {
    init() async {}
    nonisolated var name: String { "async" }
}

@MainActor
private final class MainActorNamed: Named {
    init() {
        MainActor.assertIsolated()
    }
    nonisolated var name: String { "main" }
}

private struct ThrowingNamed: Named {
    init() throws(HandlerFailure) {}
    var name: String { "throws" }
}

private struct EffectfulEntriesRoot: RootComponent {
    typealias Root = [String: any Named]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Named).self, file: "Named/Wiring.swift", line: 1).intoMap(key: "async").to { () async -> any Named in
            await AsyncNamed()
        }
        binder.bind((any Named).self, file: "Named/Wiring.swift", line: 2).intoMap(key: "main").to { @MainActor () -> any Named in
            MainActorNamed()
        }
        binder.bind((any Named).self, file: "Named/Wiring.swift", line: 3).intoMap(key: "throws").to { () throws(HandlerFailure) -> any Named in
            try ThrowingNamed()
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: any Named]>) -> BindingReceipt<[String: any Named]> {
        bind.to(file: "Named/Root.swift", line: 5) { (all: [String: any Named]) in all }
    }
}

private struct MainActorEntriesRoot: RootComponent {
    typealias Root = [String: any Named]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any Named).self).intoMap(key: "main").to { @MainActor () -> any Named in MainActorNamed() }
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: any Named]>) -> BindingReceipt<[String: any Named]> {
        bind.to { (all: [String: any Named]) in all }
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `MapBindingTests.aMapWithAnAsyncEntryCannotBeBuiltSynchronously`.
    enum MapWithAnAsyncEntryCannotBeBuiltSynchronously: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(EffectfulEntriesRoot.self) }
    }
}
