/// A contribution of several elements: `bind(E.self).intoCollection().to(value: [e1, e2])`.
final class ArrayContribution<Element>: ContributionDeclaration<Element> {
    private var link: RecipeLink<[Element]>

    init(recipe: _BindingRecipe<[Element]>, key: BindingKey, site: CallSite, declaringModule: any Any.Type, isShared: Bool) {
        self.link = RecipeLink(recipe.link)
        super.init(key: key, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(of: recipe)
    }

    override func reserveSharedSlot(in layout: inout InstanceLayoutBuilder, context: EffectContext) -> StorageSlot {
        layout.addShared([Element].self, in: context)
    }

    override func appender(with linker: Linker) -> Appender<Element> {
        let resolve = link.take()(linker)
        return { instance, elements in elements.append(contentsOf: resolve(instance)) }
    }

    override func effectfulElements(with linker: Linker) -> EffectfulResolvers<[Element]> {
        _ = link.take()(linker)
        return Self.linkedResolvers(linker, as: [Element].self)
    }
}
