/// The root of a component, from `configureRoot`; also the binding of its type when nothing
/// else binds it.
final class RootDeclaration<Root>: AnyDeclaration {
    private var link: RecipeLink<Root>

    init(recipe: _BindingRecipe<Root>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, effects: Effects, carriesEffects: Bool) {
        self.link = RecipeLink(recipe.link)
        super.init(key: key, role: .root, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: false)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    /// The root's resolver. Called once, when the graph is linked.
    func resolver(with linker: Linker) -> Resolver<Root> {
        link.take()(linker)
    }

    override func link(into node: AnyNode, with linker: Linker, from builder: GraphBuilder) {
        node.setResolver(resolver(with: linker))
    }
}
