public import Wiring

// Scenario 2's shared session, made once, then read through `Provider.get()` or by hand.

public final class BenchSession: Sendable {
    public let identifier: Int
    public init() { identifier = 42 }
}

/// The hand-written singleton: made once, then read.
public final class SessionHolder: Sendable {
    public let session = BenchSession()

    public init() {}
}

public struct SessionComponent: RootComponent {
    public typealias Root = Wiring.Provider<BenchSession>
    public typealias Scope = Singleton

    public static func configure(binder: Binder<Singleton>) {
        binder.bind(BenchSession.self).sharedInScope().to(factory: BenchSession.init)
    }

    public static func configureRoot(binder bind: ReceiptBinder<Wiring.Provider<BenchSession>>) -> BindingReceipt<Wiring.Provider<BenchSession>> {
        bind.to { (session: Wiring.Provider<BenchSession>) in session }
    }
}
