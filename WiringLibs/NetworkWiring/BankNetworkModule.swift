import Network
public import Wiring

/// Binds the types of `Network` for production: `NetworkExecutor` is the libcurl-backed
/// `BankNetworkExecutor`, one per built component.
///
/// The `BankConfiguration` it needs comes from the component: the apps make it their seed.
public struct BankNetworkModule: Module {
    /// Binds `NetworkExecutor` to `BankNetworkExecutor`, shared in the component.
    public static func configure(binder: Binder<Singleton>) {
        binder.bind((any NetworkExecutor).self).sharedInScope().to(factory: BankNetworkExecutor.init)
    }
}
