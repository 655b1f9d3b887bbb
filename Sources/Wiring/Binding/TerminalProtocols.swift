/// The builders whose `to(factory:)` terminals take precedence over ``BindToable``'s, which are
/// disfavoured and there for code generic over builders: ``ReceiptBinder`` and the collection
/// builders. (``BindingBuilder`` has terminals of its own.) An implementation detail; do not
/// conform to it.
public protocol _PreferredTerminals: _ThrowingTerminals {}

/// The builders' throwing `to(factory:)`. An implementation detail: it differs from the
/// main-actor terminal only in isolation, which Swift does not allow in one type, so it lives
/// here; do not conform to it.
public protocol _ThrowingTerminals: BindToable {}

/// The throwing `to(factory:)` of code generic over ``BindToable``, disfavoured like the plain
/// terminals there. An implementation detail; do not conform to it.
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
