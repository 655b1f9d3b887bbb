import BankNetwork
public import Wiring

/// Binds the types of `BankNetwork`, and nothing else: the libcurl-backed `BankNetworkExecutor`,
/// one per built component.
///
/// The `BankConfiguration` it needs comes from the component (the production app makes it from
/// its seed). Which implementation of `Network`'s `NetworkExecutor` an app uses is the app's
/// choice, so the app binds `any NetworkExecutor` to this executor in its root component: a
/// binding of `Network`'s protocol here would break wiring rule 2.
public struct BankNetworkModule: Module {
    /// Binds `BankNetworkExecutor`, shared in the component.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind(BankNetworkExecutor.self).sharedInScope().to(factory: BankNetworkExecutor.init)
    }
}
