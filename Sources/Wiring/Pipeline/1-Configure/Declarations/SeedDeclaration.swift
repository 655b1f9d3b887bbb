/// The seed of a component: the value passed to `build`, stored in the instance.
///
/// A seed that is itself a provider (`TaggedProvider<UserID>`) binds the key it provides, so
/// factories ask for it the way they ask for any tagged value.
final class SeedDeclaration<Seed, Element>: AnyDeclaration, ComponentSeed {
    /// The value bound from the seed: the seed itself, or what a seed provides.
    let element: @Sendable (Seed) -> Element
    /// The seed's storage in the component instance, once linking has reserved it.
    var slot: StorageSlot?

    init(key: BindingKey, component: any Any.Type, element: @escaping @Sendable (Seed) -> Element) {
        self.element = element
        super.init(key: key, role: .seed, requests: [], site: nil, declaringModule: component, isShared: false)
    }

    var declaration: AnyDeclaration { self }

    var seedType: any Any.Type { Seed.self }

    override func link<Linking: DeclarationLinking>(with linking: Linking) {
        linking.link(self)
    }
}

extension SeedDeclaration where Seed == Element {
    convenience init(component: any Any.Type) {
        self.init(key: BindingKey(Seed.self), component: component, element: { $0 })
    }
}
