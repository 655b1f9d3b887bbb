/// A contribution to the collection `[Element]`: one element
/// (`bind(E.self).intoCollection().to(value: e)`) or several
/// (`bind(E.self).intoCollection().to(value: [e1, e2])`).
final class ContributionDeclaration<Element>: AnyDeclaration {
    /// How the recipe links its value, given up once it has.
    enum Link {
        /// A recipe of one element.
        case element(RecipeLink<Element>)
        /// A recipe of an array of elements.
        case elements(RecipeLink<[Element]>)
    }

    /// The recipe's link function, until the graph is linked.
    var recipeLink: Link

    /// A contribution of one element.
    init(
        element recipe: _BindingRecipe<Element>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool,
        effects: Effects, carriesEffects: Bool
    ) {
        self.recipeLink = .element(RecipeLink(recipe.link))
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    /// A contribution of several elements.
    init(
        elements recipe: _BindingRecipe<[Element]>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool,
        effects: Effects, carriesEffects: Bool
    ) {
        self.recipeLink = .elements(RecipeLink(recipe.link))
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    override var elementType: (any Any.Type)? { Element.self }

    override var sharedValueType: any Any.Type {
        switch recipeLink {
        case .element: Element.self
        case .elements: [Element].self
        }
    }

    override func link<Linking: DeclarationLinking>(with linking: Linking) {
        linking.link(self)
    }
}
