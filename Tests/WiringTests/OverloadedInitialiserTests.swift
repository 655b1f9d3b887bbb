import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WiringCleanse  // bindSession is generic over BindToable, as written for Cleanse

/// `to(factory: Session.init)` where `Session` has initialisers of one and of several parameters
/// compiles, as it did with Cleanse, and binds the one-parameter initialiser, the one Cleanse
/// picks (its terminals of two or more parameters take a tuple, which costs Swift a function
/// conversion). Multi-parameter and effectful initialisers bind as before.
struct OverloadedInitialiserTests {
    @Test func anOverloadedInitialiserBindsItsOneParameterInitialiser() throws {
        let session = try ComponentFactory.of(SessionRoot.self).build()
        #expect(session.which == "init(name:)")
        #expect(session.name == "main")
    }

    @Test func anOverloadedInitialiserWithoutParametersBindsTheOneWithout() throws {
        let session = try ComponentFactory.of(ChannelRoot.self).build()
        #expect(session.which == "init()")
    }

    @Test func anOverloadedInitialiserBindsThroughEveryBuilder() throws {
        let root = try ComponentFactory.of(EveryBuilderRoot.self).build()
        #expect(root.tagged.which == "init(name:)")
        #expect(root.shared.which == "init(name:)")
        #expect(root.collection.map(\.which) == ["init(name:)"])
    }

    @Test func codeGenericOverBuildersBindsAnOverloadedInitialiser() throws {
        let session = try ComponentFactory.of(GenericBuilderRoot.self).build()
        #expect(session.which == "init(name:)")
    }

    @Test func urlSessionInitBindsItsConfigurationInitialiser() throws {
        let session = try ComponentFactory.of(URLSessionRoot.self).build()
        #expect(session.configuration.timeoutIntervalForRequest == 7)
    }

    @Test func aFactoryOfSeveralParametersStillBindsWithoutEffects() throws {
        let factory = try ComponentFactory.of(SessionRoot.self)
        #expect(factory.graph.bindings(of: Retrier.self).map(\.effects) == [[]])
        #expect(factory.build().which == "init(name:)")
    }

    @Test func effectfulInitialisersOfSeveralParametersRecordTheirEffects() async throws {
        let factory = try AsyncComponentFactory.of(EffectfulRoot.self)
        #expect(factory.graph.bindings(of: ThrowingLog.self).map(\.effects) == [.throwing])
        #expect(factory.graph.bindings(of: AsyncStore.self).map(\.effects) == [.async])
        #expect(factory.graph.bindings(of: MainActorScreen.self).map(\.effects) == [.mainActor])
        let screen = try await factory.build()
        #expect(screen.summary == "log main/3 · store main")
    }
}

// MARK: - Fixtures

private final class Session: Sendable {
    let which: String
    let name: String

    init(name: String) {
        which = "init(name:)"
        self.name = name
    }

    init(name: String, retries: Int, verbose: Bool) {
        which = "init(name:retries:verbose:)"
        self.name = name
    }
}

/// Initialisers of zero, one and two parameters.
private final class Channel: Sendable {
    let which: String
    init() { which = "init()" }
    init(name: String) { which = "init(name:)" }
    init(name: String, retries: Int) { which = "init(name:retries:)" }
}

/// A plain factory of two parameters, next to the overloaded one.
private struct Retrier: Sendable {
    let name: String
    let retries: Int
    init(name: String, retries: Int) {
        self.name = name
        self.retries = retries
    }
}

private struct SessionSettings: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "main")
        binder.bind(Int.self).to(value: 3)
        binder.bind(Retrier.self).to(factory: Retrier.init)
    }
}

private struct SessionRoot: RootComponent {
    typealias Root = Session
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SessionSettings.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
        bind.to(factory: Session.init)
    }
}

private struct ChannelRoot: RootComponent {
    typealias Root = Channel
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SessionSettings.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Channel>) -> BindingReceipt<Channel> {
        bind.to(factory: Channel.init)
    }
}

private struct PrimarySession: Wiring.BindingTag { typealias Element = Session }

private struct EveryBuilder: Sendable {
    let tagged: Session
    let shared: Session
    let collection: [Session]
}

private struct EveryBuilderRoot: RootComponent {
    typealias Root = EveryBuilder
    typealias Scope = Singleton
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: SessionSettings.self)
        binder.bind(Session.self).tagged(with: PrimarySession.self).to(factory: Session.init)
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
        binder.bind(Session.self).intoCollection().to(factory: Session.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<EveryBuilder>) -> BindingReceipt<EveryBuilder> {
        bind.to { (tagged: TaggedProvider<PrimarySession>, shared: Session, collection: [Session]) in
            EveryBuilder(tagged: tagged.get(), shared: shared, collection: collection)
        }
    }
}

private func bindSession<B: BindToable>(_ builder: B) -> BindingReceipt<Session> where B.Input == Session {
    builder.to(factory: Session.init)
}

private struct GenericBuilderRoot: RootComponent {
    typealias Root = Session
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SessionSettings.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
        bindSession(bind)
    }
}

private struct URLSessionRoot: RootComponent {
    typealias Root = URLSession
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(URLSessionConfiguration.self).to {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 7
            return configuration
        }
    }
    static func configureRoot(binder bind: ReceiptBinder<URLSession>) -> BindingReceipt<URLSession> {
        bind.to(factory: URLSession.init)
    }
}

private struct LogFailure: Error {}

private final class ThrowingLog: Sendable {
    let line: String
    init(name: String, retries: Int) throws(LogFailure) {
        line = "log \(name)/\(retries)"
    }
}

private actor AsyncStore {
    let name: String
    init(name: String, log: ThrowingLog) async {
        self.name = name
    }
}

@MainActor
private final class MainActorScreen {
    let summary: String
    init(log: ThrowingLog, store: AsyncStore) {
        summary = "\(log.line) · store \(store.name)"
    }
}

private struct EffectfulRoot: RootComponent {
    typealias Root = MainActorScreen
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: SessionSettings.self)
        binder.bind(ThrowingLog.self).to(factory: ThrowingLog.init)
        binder.bind(AsyncStore.self).to(factory: AsyncStore.init)
        binder.bind(MainActorScreen.self).to(mainActorFactory: MainActorScreen.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<MainActorScreen>) -> BindingReceipt<MainActorScreen> {
        bind.to { (screen: MainActorScreen) in screen }
    }
}

private struct NilFactoryRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        let missing: (@Sendable (consuming String, consuming Int) -> Session)? = nil
        binder.bind(Session.self, file: "App/Session.swift", line: 7).to(factory: missing)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(value: 0)
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `OverloadedInitialiserTests.aNilFactoryIsAValidationErrorNotATrap`.
    enum NilFactoryIsAValidationErrorNotATrap: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(NilFactoryRoot.self) }
    }
}
