// The examples of the article DrawingBoundariesWithPrivateModules, as the article shows them.

import Wiring

struct TransportSettings: Sendable {
    let timeoutSeconds: Int
}

final class HTTPTransport: Sendable {
    let settings: TransportSettings
    init(settings: TransportSettings) { self.settings = settings }
}

protocol PaymentsPort: Sendable {
    var timeoutSeconds: Int { get }
}

final class HTTPPaymentsAdapter: PaymentsPort {
    let transport: HTTPTransport
    init(transport: HTTPTransport) { self.transport = transport }
    var timeoutSeconds: Int { transport.settings.timeoutSeconds }
}

protocol StatementsPort: Sendable {
    var timeoutSeconds: Int { get }
}

final class HTTPStatementsAdapter: StatementsPort {
    let transport: HTTPTransport
    init(transport: HTTPTransport) { self.transport = transport }
    var timeoutSeconds: Int { transport.settings.timeoutSeconds }
}

struct PaymentsNetworkModule: PrivateModule {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(TransportSettings.self).to(value: TransportSettings(timeoutSeconds: 5))
        binder.bind(HTTPTransport.self).sharedInScope().to(factory: HTTPTransport.init)
        binder.bind((any PaymentsPort).self).to(factory: HTTPPaymentsAdapter.init)
        binder.expose((any PaymentsPort).self)
    }
}

struct StatementsNetworkModule: PrivateModule {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(TransportSettings.self).to(value: TransportSettings(timeoutSeconds: 30))
        binder.bind(HTTPTransport.self).sharedInScope().to(factory: HTTPTransport.init)
        binder.bind((any StatementsPort).self).to(factory: HTTPStatementsAdapter.init)
        binder.expose((any StatementsPort).self)
    }
}

struct Checkout: Sendable {
    let payments: any PaymentsPort
}

struct CheckoutModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Checkout.self).to(factory: Checkout.init)
    }
}

struct BankingDesk: Sendable {
    let checkout: Checkout
    let statements: any StatementsPort
}

struct BankingDeskComponent: RootComponent {
    typealias Root = BankingDesk

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: PaymentsNetworkModule.self)
        binder.include(module: StatementsNetworkModule.self)
        binder.include(module: CheckoutModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<BankingDesk>) -> BindingReceipt<BankingDesk> {
        bind.to(factory: BankingDesk.init)
    }
}

// A feature library that reaches for the payments library's transport.

struct RetryingCheckout: Sendable {
    let transport: HTTPTransport
}

struct RetryingCheckoutModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(RetryingCheckout.self).to(factory: RetryingCheckout.init)
    }
}

struct ReachingComponent: RootComponent {
    typealias Root = RetryingCheckout

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: PaymentsNetworkModule.self)
        binder.include(module: RetryingCheckoutModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<RetryingCheckout>) -> BindingReceipt<RetryingCheckout> {
        bind.to { (checkout: RetryingCheckout) in checkout }
    }
}

// The fix the diagnostic names, when the transport is meant to be an input port.

struct OpenPaymentsNetworkModule: PrivateModule {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(TransportSettings.self).to(value: TransportSettings(timeoutSeconds: 5))
        binder.bind(HTTPTransport.self).sharedInScope().to(factory: HTTPTransport.init)
        binder.bind((any PaymentsPort).self).to(factory: HTTPPaymentsAdapter.init)
        binder.expose((any PaymentsPort).self)
        binder.expose(HTTPTransport.self)
    }
}

struct FixedComponent: RootComponent {
    typealias Root = RetryingCheckout

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: OpenPaymentsNetworkModule.self)
        binder.include(module: RetryingCheckoutModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<RetryingCheckout>) -> BindingReceipt<RetryingCheckout> {
        bind.to { (checkout: RetryingCheckout) in checkout }
    }
}

// Collections: a private module's contributions join the app's only when it exposes them.

struct Feature: Sendable {
    let name: String
}

struct PaymentsFeaturesModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Feature.self).intoCollection().to(value: Feature(name: "payments"))
        binder.expose(collectionOf: Feature.self)
    }
}

struct FeaturesComponent: RootComponent {
    typealias Root = [Feature]

    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Feature.self).intoCollection().to(value: Feature(name: "home"))
        binder.include(module: PaymentsFeaturesModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<[Feature]>) -> BindingReceipt<[Feature]> {
        bind.to { (features: [Feature]) in features }
    }
}
