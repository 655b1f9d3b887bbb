/// Links the one declaration of a key (a binding, the root, the seed or a subcomponent factory)
/// into its node; ``GraphLinker`` hands it the declaration, which picks the method of its kind
/// (``AnyDeclaration/link(with:)``).
struct UniqueLinking: DeclarationLinking {
    let node: AnyNode
    let linker: Linker
    /// The builder that collected the declaration, which keeps a binding's link function.
    let builder: GraphBuilder

    func link(_ declaration: UniqueDeclaration) {
        Self.link(declaration, into: node, with: linker, from: builder)
    }

    /// Links a binding's declaration into its node with the link function `builder` keeps for
    /// it; ``GraphLinker`` calls it directly for the keys that are bindings.
    static func link(_ declaration: UniqueDeclaration, into node: AnyNode, with linker: Linker, from builder: GraphBuilder) {
        let box = builder.takeLink(of: declaration)
        func linkValue<T>(of type: T.Type) {
            node.setResolver(box.cast(to: T.self).link(linker))
        }
        linkValue(of: declaration.key.type)
    }

    func link<Root>(_ declaration: RootDeclaration<Root>) {
        node.setResolver(declaration.resolver(with: linker))
    }

    func link<Seed, Element>(_ declaration: SeedDeclaration<Seed, Element>) {
        guard let slot = declaration.slot else {
            preconditionFailure("Wiring internal error: the seed was linked before its slot was reserved.")
        }
        let element = declaration.element
        let resolve: Resolver<Element> = { instance in
            element(instance.storedValue(at: slot, as: Seed.self))
        }
        node.setResolver(resolve)
    }

    func link<Sub: ComponentBase>(_ declaration: SubcomponentFactoryDeclaration<Sub>) {
        let box = declaration.box
        let resolve: Resolver<ComponentFactory<Sub>> = { instance in
            guard let compiled = box.compiled else {
                preconditionFailure("Wiring internal error: \(Sub.self) was built before it was linked.")
            }
            return ComponentFactory(compiled: compiled, parent: SharedInstance(instance))
        }
        node.setResolver(resolve)
    }

    func link<Element>(_ declaration: ContributionDeclaration<Element>) { Self.notUnique(declaration) }
    func link<Key: Hashable & Sendable, Value>(_ declaration: MapEntryDeclaration<Key, Value>) { Self.notUnique(declaration) }

    private static func notUnique(_ declaration: AnyDeclaration) -> Never {
        preconditionFailure("Wiring internal error: the contribution \(declaration.key.displayName) was linked as a unique binding.")
    }
}

extension RootDeclaration {
    /// The root's resolver. Called once, when the graph is linked.
    func resolver(with linker: Linker) -> Resolver<Root> {
        recipeLink.take()(linker)
    }
}
