/// A binder for exactly one binding of `Element`, finished with `to(factory:)` or `to(value:)`.
///
/// ``ComponentBase/configureRoot(binder:)`` receives one for the root:
///
/// ```swift
/// static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
///     bind.to(factory: ATMDepositer.init)
/// }
/// ```
public struct ReceiptBinder<Element>: _PreferredTerminals {
    /// The type the binding provides.
    public typealias Input = Element

    private let finish: (_BindingRecipe<Element>) -> BindingReceipt<Element>

    init(finish: @escaping (_BindingRecipe<Element>) -> BindingReceipt<Element>) {
        self.finish = finish
    }

    init<B: BindToable>(finishing builder: B) where B.Input == Element {
        self.finish = builder._bind
    }

    /// Records the binding. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func _bind(_ recipe: _BindingRecipe<Element>) -> BindingReceipt<Element> {
        finish(recipe)
    }
}
