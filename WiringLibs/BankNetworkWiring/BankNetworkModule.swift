import BankNetwork
import Network
public import Wiring

/// Binds the types of `BankNetwork`, the libcurl bank client, for production: its configuration,
/// judged from the invocation's `BankOptions` (a throwing factory: options the client cannot use
/// fail the build of the graph), the `BankNetworkExecutor` shared in the component, and
/// `Network`'s `NetworkExecutor` port to it.
///
/// The `BankOptions` come from the app's root component, which binds the invocation's settings.
public struct BankNetworkModule: Module {
    /// Binds `BankConfiguration`, `BankNetworkExecutor` (shared) and `NetworkExecutor` to it.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(BankConfiguration.self).to(factory: BankConfiguration.init(options:))
        binder.bind(BankNetworkExecutor.self).sharedInScope().to(factory: BankNetworkExecutor.init)
        binder.bind((any NetworkExecutor).self).to(BankNetworkExecutor.self) { $0 }
    }
}
