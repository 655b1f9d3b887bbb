import FakeNetwork
import Network
public import Wiring

/// Binds `Network`'s `NetworkExecutor` to the in-memory `FakeNetworkExecutor`: include it
/// instead of `BankNetworkModule` (and the production root's binding of `NetworkExecutor` to
/// `BankNetworkExecutor`) to swap the whole network layer. A fake wiring library may bind its
/// real sibling's protocol; `BankNetworkWiring`, whose sibling is `BankNetwork`, may not.
///
/// The fake itself is bound too, shared in the component, so that a test can script it and read
/// its calls through the same instance the graph uses.
public struct FakeBankNetworkModule: Module {
    /// Binds `FakeNetworkExecutor` (shared) and `NetworkExecutor` to it.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(FakeNetworkExecutor.self).sharedInScope().to { FakeNetworkExecutor() }
        binder.bind((any NetworkExecutor).self).to(FakeNetworkExecutor.self) { $0 }
    }
}
