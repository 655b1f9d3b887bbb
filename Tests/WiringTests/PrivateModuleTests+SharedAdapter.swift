import Synchronization
import Testing
import Wiring

extension PrivateModuleTests {
    @Test func anExposedAdapterIsSharedLikeAnyBindingAndItsPrivateHelperIsMadeOncePerComponentInstance() throws {
        let factory = try ComponentFactory.of(SharedAdapterRoot.self)
        let first = factory.build()
        let second = factory.build()
        #expect(first.0 === first.1)
        #expect(first.0.client === first.1.client)
        #expect(first.0.client !== second.0.client)
    }
}

private final class CurlClient: Sendable {}
private final class CurlAdapter: Sendable {
    let client: CurlClient
    init(client: CurlClient) { self.client = client }
}

private struct CurlModule: PrivateModule {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(CurlClient.self).sharedInScope().to(factory: CurlClient.init)
        binder.bind(CurlAdapter.self).sharedInScope().to(factory: CurlAdapter.init)
        binder.expose(CurlAdapter.self)
    }
}

private struct SharedAdapterRoot: RootComponent {
    typealias Root = (CurlAdapter, CurlAdapter)
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CurlModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (first: CurlAdapter, second: Provider<CurlAdapter>) in (first, second.get()) }
    }
}
