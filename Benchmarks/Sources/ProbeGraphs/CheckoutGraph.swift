public import Wiring

// Scenario 3c's unscoped object of four parts, one of them shared, made through
// `Provider.get()` or by hand.

public final class CheckoutClock: Sendable { public init() {} }
public final class CheckoutCart: Sendable { public init() {} }
public final class CheckoutPricing: Sendable {
    public let clock: CheckoutClock
    public init(clock: CheckoutClock) { self.clock = clock }
}
public final class Checkout: Sendable {
    public let clock: CheckoutClock
    public let cart: CheckoutCart
    public let pricing: CheckoutPricing
    public init(clock: CheckoutClock, cart: CheckoutCart, pricing: CheckoutPricing) {
        self.clock = clock
        self.cart = cart
        self.pricing = pricing
    }
}

/// The hand-written root: the clock made once, the rest on every call.
public final class HandCheckoutRoot: Sendable {
    public let clock = CheckoutClock()

    public init() {}

    @inline(never)
    public func checkout() -> Checkout {
        Checkout(clock: clock, cart: CheckoutCart(), pricing: CheckoutPricing(clock: clock))
    }
}

public struct CheckoutComponent: RootComponent {
    public typealias Root = Wiring.Provider<Checkout>

    public static func configure(binder: Binder<Singleton>) {
        binder.bind(CheckoutClock.self).sharedInScope().to(factory: CheckoutClock.init)
        binder.bind(CheckoutCart.self).to(factory: CheckoutCart.init)
        binder.bind(CheckoutPricing.self).to(factory: CheckoutPricing.init)
        binder.bind(Checkout.self).to(factory: Checkout.init)
    }

    public static func configureRoot(binder bind: ReceiptBinder<Wiring.Provider<Checkout>>) -> BindingReceipt<Wiring.Provider<Checkout>> {
        bind.to(factory: { (provider: Wiring.Provider<Checkout>) in provider })
    }
}
