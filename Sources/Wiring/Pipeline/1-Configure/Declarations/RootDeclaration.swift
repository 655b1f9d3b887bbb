/// The root of a component, from `configureRoot`; also the binding of its type when nothing
/// else binds it.
final class RootDeclaration<Root>: AnyDeclaration {
    /// The recipe's link function, until the graph is linked.
    var recipeLink: RecipeLink<Root>

    init(recipe: _BindingRecipe<Root>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, effects: Effects, carriesEffects: Bool) {
        self.recipeLink = RecipeLink(recipe.link)
        super.init(key: key, role: .root, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: false)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    override func link<Linking: DeclarationLinking>(with linking: Linking) {
        linking.link(self)
    }
}
