/// A finished binding as the terminals hand it to a builder: what the factory asks for, where it
/// was declared, and how to link it. An implementation detail of ``BindToable``.
public struct _BindingRecipe<Input> {
    @usableFromInline let requests: [DependencyRequest]
    @usableFromInline let site: CallSite
    @usableFromInline let link: (Linker) -> Resolver<Input>

    // The effects of a recipe's factory travel beside it, as `_bind(_:effects:carriesEffects:)`'s
    // arguments: with a fourth field, every terminal would look up the recipe type's metadata.

    @inlinable
    init(requests: [DependencyRequest], file: StaticString, line: Int, link: @escaping (Linker) -> Resolver<Input>) {
        self.requests = requests
        self.site = CallSite(file: file, line: line)
        self.link = link
    }
}

extension _BindingRecipe {
    /// The recipe of a terminal given `nil` for its optional factory: it asks for ``NilFactory``,
    /// which nothing binds, so that validation reports the call rather than anything trapping.
    @usableFromInline
    static func nilFactory(file: StaticString, line: Int) -> Self {
        let request = DependencyRequest(key: BindingKey(NilFactory.self), kind: .instance, parameterType: NilFactory.self)
        return Self(requests: [request], file: file, line: line) { _ in Linker.unreachable(Input.self) }
    }
}

/// Stands for the function a `to(factory:)` terminal was given as `nil` (see
/// `_BindingRecipe.nilFactory`).
enum NilFactory {}
