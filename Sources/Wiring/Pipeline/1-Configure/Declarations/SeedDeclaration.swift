/// The seed of a component: the value passed to `build`, stored in the instance.
///
/// A seed that is itself a provider (`TaggedProvider<UserID>`) binds the key it provides, so
/// factories ask for it the way they ask for any tagged value.
final class SeedDeclaration<Seed, Element>: AnyDeclaration, ComponentSeed {
    private let element: @Sendable (Seed) -> Element
    private(set) var slot: StorageSlot?

    init(key: BindingKey, component: any Any.Type, element: @escaping @Sendable (Seed) -> Element) {
        self.element = element
        super.init(key: key, role: .seed, requests: [], site: nil, declaringModule: component, isShared: false)
    }

    var declaration: AnyDeclaration { self }

    func reserveSlot(in layout: inout InstanceLayoutBuilder) -> StorageSlot {
        let slot = layout.addSeed(Seed.self)
        self.slot = slot
        return slot
    }

    override func link(into node: AnyNode, with linker: Linker, from builder: GraphBuilder) {
        guard let slot else { preconditionFailure("Wiring internal error: the seed was linked before its slot was reserved.") }
        let element = self.element
        let resolve: Resolver<Element> = { instance in
            element(instance.storedValue(at: slot, as: Seed.self))
        }
        node.setResolver(resolve)
    }
}

extension SeedDeclaration where Seed == Element {
    convenience init(component: any Any.Type) {
        self.init(key: BindingKey(Seed.self), component: component, element: { $0 })
    }
}
