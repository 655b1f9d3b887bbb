import BillScanner
public import Wiring

/// Binds the types of `BillScanner`, and nothing else.
public struct BillScannerModule: Module {
    /// Binds `BillScanner`.
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(BillScanner.self).to(factory: BillScanner.init)
    }
}
