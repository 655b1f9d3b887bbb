import BankNetwork
import Network
public import Wiring

/// Binds the types of `BankNetwork`, the libcurl bank client, for production, and keeps them to
/// itself: the rest of the graph sees only `Network`'s `NetworkExecutor` port.
///
/// Privately it binds the client's transport settings, `BankConfiguration`, judged from the
/// invocation's `BankOptions` (a throwing factory: options the client cannot use fail the build
/// of the graph), and the libcurl `BankNetworkExecutor`, shared in the component. It exposes the
/// `NetworkExecutor` adapter to it. A feature library that asks for `BankConfiguration` or
/// `BankNetworkExecutor` is told by `ComponentFactory.of` that this module keeps it private.
///
/// The `BankOptions` come from the app's root component, which binds the invocation's settings.
public struct BankNetworkModule: PrivateModule {
    /// Binds `BankConfiguration` and `BankNetworkExecutor` (shared) privately, and exposes
    /// `NetworkExecutor` bound to the executor.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(BankConfiguration.self).to(throwingFactory: BankConfiguration.init(options:))
        binder.bind(BankNetworkExecutor.self).sharedInScope().to(factory: BankNetworkExecutor.init)
        binder.bind((any NetworkExecutor).self).to(BankNetworkExecutor.self) { $0 }
        binder.expose((any NetworkExecutor).self)
    }
}
