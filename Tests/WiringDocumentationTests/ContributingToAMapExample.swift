// The example of the article ContributingToAMapFromManyLibraries, as the article shows it: a
// registry of deep-link handlers in a core library (DeepLinks) and its wiring library, two
// feature libraries (Search, Orders) whose wiring libraries each contribute a handler, and a fake
// orders library with its fake wiring. Each `Module` stands for a wiring library of its own.

public import Wiring
import Testing
import WiringTesting

// MARK: - DeepLinks, the core library of the registry

public protocol DeepLinkHandler: Sendable {
    func open(_ path: String) -> String
}

public final class DeepLinkRouter: Sendable {
    private let handlers: [String: @Sendable () -> any DeepLinkHandler]

    public init(handlers: [String: @Sendable () -> any DeepLinkHandler]) {
        self.handlers = handlers
    }

    public var routes: [String] {
        handlers.keys.sorted()
    }

    /// Opens `orders/42` with the handler of the route `orders`, made for this link only.
    public func open(_ link: String) -> String? {
        let route = String(link.prefix { $0 != "/" })
        guard let handler = handlers[route] else { return nil }
        return handler().open(String(link.dropFirst(route.count + 1)))
    }
}

// MARK: - DeepLinksWiring

public struct DeepLinksModule: Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.declareMap([String: any DeepLinkHandler].self)
        binder.bind(DeepLinkRouter.self).sharedInScope().to { (handlers: [String: Provider<any DeepLinkHandler>]) in
            DeepLinkRouter(handlers: handlers.mapValues { handler in { handler.get() } })
        }
    }
}

// MARK: - Search and SearchWiring

public struct SearchLinkHandler: DeepLinkHandler {
    public init() {}

    public func open(_ path: String) -> String {
        "results for \(path)"
    }
}

public struct SearchLinksModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind((any DeepLinkHandler).self).intoMap(key: "search").to { SearchLinkHandler() as any DeepLinkHandler }
    }
}

// MARK: - Orders and OrdersWiring

public final class OrderHistory: Sendable {
    public init() {}

    public func status(of order: String) -> String {
        "order \(order) has shipped"
    }
}

public struct OrderLinkHandler: DeepLinkHandler {
    let history: OrderHistory

    public init(history: OrderHistory) {
        self.history = history
    }

    public func open(_ path: String) -> String {
        history.status(of: path)
    }
}

public struct OrderLinksModule: Module {
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(OrderHistory.self).sharedInScope().to(factory: OrderHistory.init)
        binder.bind((any DeepLinkHandler).self, file: "OrdersWiring/OrderLinksModule.swift", line: 8)
            .intoMap(key: "orders")
            .to { (history: OrderHistory) in OrderLinkHandler(history: history) as any DeepLinkHandler }
    }
}

// MARK: - FakeOrders and FakeOrdersWiring

public struct FakeOrderLinkHandler: DeepLinkHandler {
    public init() {}

    public func open(_ path: String) -> String {
        "fake order \(path)"
    }
}

public struct FakeOrderLinksModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind((any DeepLinkHandler).self, file: "FakeOrdersWiring/FakeOrderLinksModule.swift", line: 6)
            .intoMap(key: "orders")
            .to { FakeOrderLinkHandler() as any DeepLinkHandler }
    }
}

// MARK: - The apps

struct ShopApp {
    let links: DeepLinkRouter
    let signIn: ComponentFactory<SignedInComponent>
}

struct ShopAppComponent: RootComponent {
    typealias Root = ShopApp

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeepLinksModule.self)
        binder.include(module: SearchLinksModule.self)
        binder.include(module: OrderLinksModule.self)
        binder.install(dependency: SignedInComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ShopApp>) -> BindingReceipt<ShopApp> {
        bind.to(factory: ShopApp.init)
    }
}

struct ShopDevComponent: RootComponent {
    typealias Root = DeepLinkRouter

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeepLinksModule.self)
        binder.include(module: SearchLinksModule.self)
        binder.include(module: FakeOrderLinksModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<DeepLinkRouter>) -> BindingReceipt<DeepLinkRouter> {
        bind.to { (router: DeepLinkRouter) in router }
    }
}

/// An app that links no feature library: the declared map is empty.
struct ShopWithoutFeaturesComponent: RootComponent {
    typealias Root = DeepLinkRouter

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeepLinksModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<DeepLinkRouter>) -> BindingReceipt<DeepLinkRouter> {
        bind.to { (router: DeepLinkRouter) in router }
    }
}

/// An app that links both the real and the fake orders wiring: two entries under "orders".
struct ShopWithBothOrdersComponent: RootComponent {
    typealias Root = DeepLinkRouter

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeepLinksModule.self)
        binder.include(module: OrderLinksModule.self)
        binder.include(module: FakeOrderLinksModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<DeepLinkRouter>) -> BindingReceipt<DeepLinkRouter> {
        bind.to { (router: DeepLinkRouter) in router }
    }
}

// MARK: - A map asked for with the wrong key type

struct MistypedShopComponent: RootComponent {
    typealias Root = Int

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: OrderLinksModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "Shop/MistypedShopComponent.swift", line: 9) { (handlers: [Substring: any DeepLinkHandler]) in handlers.count }
    }
}

// MARK: - A subcomponent that adds an entry

struct SignedInScope: Scope {}

struct AccountLinkHandler: DeepLinkHandler {
    let user: String

    func open(_ path: String) -> String {
        "\(user)'s \(path)"
    }
}

struct SignedInComponent: Component {
    typealias Seed = String
    typealias Root = DeepLinkRouter

    static func configure(binder: Binder<SignedInScope>) {
        binder.bind((any DeepLinkHandler).self).intoMap(key: "account").to { (user: String) in
            AccountLinkHandler(user: user) as any DeepLinkHandler
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<DeepLinkRouter>) -> BindingReceipt<DeepLinkRouter> {
        bind.to { (handlers: [String: Provider<any DeepLinkHandler>]) in
            DeepLinkRouter(handlers: handlers.mapValues { handler in { handler.get() } })
        }
    }
}

// MARK: - The article's functions and tests

func openOrder42() throws -> (routes: [String], shipped: String?) {
    let app = try ComponentFactory.of(ShopAppComponent.self).build()
    return (app.links.routes, app.links.open("orders/42"))
}

func openAdasSettings() throws -> (routes: [String], settings: String?) {
    let app = try ComponentFactory.of(ShopAppComponent.self).build()
    let signedIn = app.signIn.build("ada")
    return (signedIn.routes, signedIn.open("account/settings"))
}

@Test func aFakeEntryReplacesTheOrdersEntryForOneTest() throws {
    let factory = try ComponentFactory.of(ShopAppComponent.self, replacing: { binder in
        binder.bind((any DeepLinkHandler).self).intoMap(key: "orders").to { FakeOrderLinkHandler() as any DeepLinkHandler }
    })
    #expect(factory.build().links.open("orders/42") == "fake order 42")
    #expect(factory.build().links.open("search/shoes") == "results for shoes")
}

func shopWithoutSearch() throws -> ComponentFactory<ShopAppComponent> {
    try ComponentFactory.of(ShopAppComponent.self, replacing: { binder in
        binder.removeEntry(forKey: "search", from: [String: any DeepLinkHandler].self)
    })
}

@Test func removingTheSearchEntryLeavesTheOrders() throws {
    #expect(try shopWithoutSearch().build().links.routes == ["orders"])
}

@Test func theGraphShowsTheDeclarationTheEntryAndTheRemoval() throws {
    let entries = try shopWithoutSearch().graph.bindings(of: [String: any DeepLinkHandler].self)
    #expect(entries.map(\.mapRole) == [.declaration, .entry, .removal])
    #expect(entries.map(\.mapKey) == [nil, #""orders""#, #""search""#])
    #expect(entries.map(\.isOverride) == [false, false, true])
}
