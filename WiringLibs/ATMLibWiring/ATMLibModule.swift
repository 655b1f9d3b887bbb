import ATMLib
public import Wiring

/// Binds the types of `ATMLib`, and nothing else.
///
/// `ATMDepositer` needs a `BillScanner`, a `NetworkExecutor` and a `BankConfiguration`: include
/// the modules of their own wiring libraries (or their fakes) next to this one.
public struct ATMLibModule: Module {
    /// Binds `ATMDepositer`.
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(ATMDepositer.self).to(factory: ATMDepositer.init)
    }
}
