import FakeNetwork
import Network
public import Wiring

/// Binds `Network`'s `NetworkExecutor` to the in-memory `FakeNetworkExecutor`: link
/// `FakeNetworkWiring` instead of `BankNetworkWiring` (or include this module instead of
/// `BankNetworkModule`) to swap the whole network layer.
///
/// The fake itself is bound too, shared in the component, so that a test can script it and read
/// its calls through the same instance the graph uses; and so is the `BuiltInBank` it is, so
/// that an app that links it needs no bank URL and credits a development account by default.
public struct FakeBankNetworkModule: Module {
    /// Binds `FakeNetworkExecutor` (shared), `NetworkExecutor` to it, and its `BuiltInBank`.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(FakeNetworkExecutor.self).sharedInScope().to { FakeNetworkExecutor() }
        binder.bind((any NetworkExecutor).self).to(FakeNetworkExecutor.self) { $0 }
        binder.bind(BuiltInBank.self).to(value: BuiltInBank(name: "in-memory bank", developmentAccount: "developer"))
    }
}
