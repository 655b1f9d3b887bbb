/// A finished binding as the terminals hand it to a builder: what the factory asks for, where it
/// was declared, and how to link it. An implementation detail of ``BindToable``.
public struct _BindingRecipe<Input> {
    @usableFromInline let requests: [DependencyRequest]
    @usableFromInline let site: CallSite
    @usableFromInline let link: (Linker) -> Resolver<Input>
    /// The effects of the factory itself.
    @usableFromInline let effects: Effects
    /// Whether `link` can link the binding in every ``EffectContext``, so that its parameters'
    /// effects travel to whoever takes its value. Recipes that resolve their parameters later,
    /// synchronously (assisted factories, property injectors), cannot.
    @usableFromInline let carriesEffects: Bool

    @inlinable
    init(
        requests: [DependencyRequest], effects: Effects = [], carriesEffects: Bool = false, file: StaticString, line: Int,
        link: @escaping (Linker) -> Resolver<Input>
    ) {
        self.requests = requests
        self.site = CallSite(file: file, line: line)
        self.link = link
        self.effects = effects
        self.carriesEffects = carriesEffects
    }
}
