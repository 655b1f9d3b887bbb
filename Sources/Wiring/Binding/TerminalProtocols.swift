/// The builders whose `to(factory:)` terminals take precedence over ``BindToable``'s, which are
/// disfavoured and there for code generic over builders: ``ReceiptBinder`` and the collection
/// builders. (``BindingBuilder`` has terminals of its own.) An implementation detail; do not
/// conform to it.
public protocol _PreferredTerminals: _ThrowingTerminals {}

/// What every builder's terminals share. An implementation detail, kept so that code compiled
/// against earlier releases finds it; do not conform to it.
public protocol _ThrowingTerminals: BindToable {}

/// The throwing and main-actor async `to(factory:)` of code generic over ``BindToable``, which
/// `WiringCleanse` declares here: each differs from another terminal only in isolation, which
/// Swift does not allow in one type. An implementation detail; do not conform to it.
public protocol _GenericThrowingTerminals {
    /// The type the factory's result must have.
    associatedtype Input

    /// Records a finished binding. Called by the terminals; do not call it yourself.
    @_spi(WiringInternals) func _bind(_ recipe: _BindingRecipe<Input>) -> BindingReceipt<Input>

    /// Records a finished binding whose factory has effects, or whose parameters' effects do
    /// not travel to whoever takes its value (`carriesEffects` false: it resolves them later, on
    /// its own). Called by the terminals; do not call it yourself.
    @_spi(WiringInternals) func _bind(_ recipe: _BindingRecipe<Input>, effects: Effects, carriesEffects: Bool) -> BindingReceipt<Input>
}
