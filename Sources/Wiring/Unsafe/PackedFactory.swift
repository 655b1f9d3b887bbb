/// A factory as `to(factory:)` receives it, through a parameter pack, in an object whose type
/// the recipe can change once it has opened the pack's types one by one (see
/// `_BindingRecipe.opened`).
///
/// Swift cannot store a function whose parameters are a pack in `Any`, nor call it from code
/// generic over fixed parameters; a class generic over the pack can be both:
/// `reopenedFactory(_:as:)` gives the same object the type `PackedFactory<Input, P1, P2>` once `P1` and `P2` are known to
/// be the pack's types, and `call` then takes plain arguments.
final class PackedFactory<Input, each P>: Sendable {
    private let factory: @Sendable (repeat consuming each P) -> Input

    init(_ factory: @escaping @Sendable (repeat consuming each P) -> Input) {
        self.factory = factory
    }

    /// Makes the value from the factory's arguments.
    @inline(__always)
    func call(_ arguments: repeat consuming each P) -> Input {
        factory(repeat each arguments)
    }
}

/// `box`, a `PackedFactory`, as `type`, the `PackedFactory` of the parameters it was made with:
/// the recipe opened each of them from the pack's own parameter types. Unchecked, because a
/// checked cast would look up the metadata of `type` for every binding.
@inline(__always)
func reopenedFactory<Opened: AnyObject>(_ box: AnyObject, as type: Opened.Type) -> Opened {
    unsafeDowncast(box, to: Opened.self)
}
