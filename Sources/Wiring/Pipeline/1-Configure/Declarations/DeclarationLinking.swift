/// What links declarations, as stage 1 sees it: one method per kind of declaration, handed the
/// declaration with its type parameters known (``AnyDeclaration/link(with:)``).
///
/// Stage 3 implements it, and holds all the linking code: `UniqueLinking` links the one
/// declaration of a key into its node, `CollectionLinking` a collection's or map's node from
/// all of its contributions. A declaration names no later stage: it only picks the method.
protocol DeclarationLinking {
    /// A binding's declaration.
    func link(_ declaration: UniqueDeclaration)
    /// The component's root.
    func link<Root>(_ declaration: RootDeclaration<Root>)
    /// The component's seed.
    func link<Seed, Element>(_ declaration: SeedDeclaration<Seed, Element>)
    /// The factory of an installed subcomponent.
    func link<Sub: ComponentBase>(_ declaration: SubcomponentFactoryDeclaration<Sub>)
    /// The first contribution to a collection.
    func link<Element>(_ declaration: ContributionDeclaration<Element>)
    /// The first declaration of a map.
    func link<Key: Hashable & Sendable, Value>(_ declaration: MapEntryDeclaration<Key, Value>)
}
