/// Proof that a binding was made; `configureRoot` returns one.
public struct BindingReceipt<Element> {
    @usableFromInline
    init() {}
}
