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

    private let finish: (_BindingRecipe<Element>, Effects, Bool) -> BindingReceipt<Element>

    init(finish: @escaping (_BindingRecipe<Element>, Effects, Bool) -> BindingReceipt<Element>) {
        self.finish = finish
    }

    init<B: BindToable>(finishing builder: B) where B.Input == Element {
        self.finish = { recipe, effects, carriesEffects in builder._bind(recipe, effects: effects, carriesEffects: carriesEffects) }
    }

    /// Records the binding. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Element>) -> BindingReceipt<Element> {
        finish(recipe, [], true)
    }

    /// Records a binding with effects. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Element>, effects: Effects, carriesEffects: Bool) -> BindingReceipt<Element> {
        finish(recipe, effects, carriesEffects)
    }
}
