/// One declaration about the map `[Key: Value]`: an entry
/// (`bind(V.self).intoMap(key: k).to(factory: …)`), the map's declaration (`declareMap`), or a
/// test's removal of an entry.
///
/// Every declaration of a map shares the map's key `[Key: Value]`, so the graph groups them the
/// way it groups a collection's contributions; the first one links the map from all of them.
final class MapEntryDeclaration<Key: Hashable & Sendable, Value>: AnyDeclaration {
    /// What the declaration does to the map.
    let entryRole: MapRole
    /// The key of the entry added or removed; nil for the map's declaration.
    let entryKey: Key?
    /// The recipe's link function, until the graph is linked; nil when the declaration adds no entry.
    var recipeLink: RecipeLink<Value>?

    /// An entry under `key`, made by `recipe`.
    init(
        entry recipe: _BindingRecipe<Value>, under key: Key, mapKey: BindingKey, site: CallSite, declaringModule: any Any.Type,
        isShared: Bool, effects: Effects, carriesEffects: Bool
    ) {
        self.entryRole = .entry
        self.entryKey = key
        self.recipeLink = RecipeLink(recipe.link)
        super.init(key: mapKey, role: .contribution, requests: recipe.requests, site: site, declaringModule: declaringModule, isShared: isShared)
        adoptEffects(effects, carriesEffects: carriesEffects)
    }

    /// The map's declaration, or the removal of the entry under `key`: neither adds an entry.
    init(_ role: MapRole, under key: Key?, mapKey: BindingKey, site: CallSite, declaringModule: any Any.Type) {
        self.entryRole = role
        self.entryKey = key
        self.recipeLink = nil
        super.init(key: mapKey, role: .contribution, requests: [], site: site, declaringModule: declaringModule, isShared: false)
    }

    override var elementType: (any Any.Type)? { Value.self }

    override var sharedValueType: any Any.Type { Value.self }

    override var mapKey: MapKey? { entryKey.map(MapKey.init) }

    override var mapRole: MapRole? { entryRole }

    override func link<Linking: DeclarationLinking>(with linking: Linking) {
        linking.link(self)
    }
}
