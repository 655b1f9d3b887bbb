import Testing
import WiringCleanse

/// Code written for Cleanse reads a subcomponent's collection in Cleanse's order: the component's
/// own contributions, each level in the order of its bindings, then its parent's, then its
/// grandparent's (Cleanse's `Graph.gatherAllCollectionProviders`). An interceptor chain built that
/// way runs the session's interceptors before the app's.
struct CleanseCollectionOrderTests {
    @Test func aSubcomponentsCollectionIsItsOwnThenItsParentsThenItsGrandparents() throws {
        let app = try ComponentFactory.of(AppInterceptors.self).build(())
        #expect(app.interceptors == ["auth", "logging"])
        let session = app.sessions.build(())
        #expect(session.interceptors == ["session-retry", "session-cache", "auth", "logging"])
        #expect(session.requests.build(()).interceptors == ["request-trace", "session-retry", "session-cache", "auth", "logging"])
    }

    @Test func aSubcomponentWithoutContributionsReadsItsParentsCollection() throws {
        let app = try ComponentFactory.of(AppInterceptors.self).build(())
        let quiet = app.quietSessions.build(())
        #expect(quiet.interceptors == ["auth", "logging"])
    }
}

private struct InterceptorApp {
    let interceptors: [String]
    let sessions: ComponentFactory<SessionInterceptors>
    let quietSessions: ComponentFactory<QuietSession>
}

private struct SessionChain {
    let interceptors: [String]
    let requests: ComponentFactory<RequestInterceptors>
}

private struct Chain {
    let interceptors: [String]
}

private struct AppInterceptors: RootComponent {
    typealias Root = InterceptorApp
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: SessionInterceptors.self)
        binder.install(dependency: QuietSession.self)
        binder.bind(String.self).intoCollection().to(value: "auth")
        binder.bind(String.self).intoCollection().to(value: "logging")
    }
    static func configureRoot(binder bind: ReceiptBinder<InterceptorApp>) -> BindingReceipt<InterceptorApp> {
        bind.to(factory: InterceptorApp.init)
    }
}

private struct SessionInterceptors: Component {
    typealias Root = SessionChain
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: RequestInterceptors.self)
        binder.bind(String.self).intoCollection().to(value: "session-retry")
        binder.bind(String.self).intoCollection().to(value: "session-cache")
    }
    static func configureRoot(binder bind: ReceiptBinder<SessionChain>) -> BindingReceipt<SessionChain> {
        bind.to(factory: SessionChain.init)
    }
}

private struct RequestInterceptors: Component {
    typealias Root = Chain
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoCollection().to(value: "request-trace")
    }
    static func configureRoot(binder bind: ReceiptBinder<Chain>) -> BindingReceipt<Chain> {
        bind.to(factory: Chain.init)
    }
}

private struct QuietSession: Component {
    typealias Root = Chain
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Chain>) -> BindingReceipt<Chain> {
        bind.to(factory: Chain.init)
    }
}
