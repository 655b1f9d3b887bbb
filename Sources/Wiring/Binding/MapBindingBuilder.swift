/// A contribution of one entry to the map `[Key: Value]`: returned by
/// ``BindingBuilder/intoMap(key:)``.
///
/// Finish it with any terminal, effects included: `to(factory:)`, `to(value:)`. Every entry of
/// the map comes from its own contribution, usually in the wiring library of the type it binds,
/// and a factory takes the whole map as `[Key: Value]`, or as `[Key: Provider<Value>]` to make
/// only the entries it uses.
///
/// ```swift
/// binder.bind((any DeepLinkHandler).self).intoMap(key: "settings").to(factory: SettingsHandler.init)
/// ```
public struct MapBindingBuilder<Key: Hashable & Sendable, Value, BinderScope: _ScopeBase>: _PreferredTerminals {
    /// The type of the entry's value.
    public typealias Input = Value

    @usableFromInline let graph: GraphBuilder
    @usableFromInline var options: BindingOptions
    @usableFromInline let key: Key

    @usableFromInline
    init(graph: GraphBuilder, options: BindingOptions, key: Key) {
        self.graph = graph
        self.options = options
        self.key = key
    }

    /// Contributes to a tagged map, requested as `TaggedProvider<T>`.
    ///
    /// - Parameter tag: The tag; its `Element` is `[Key: Value]`.
    /// - Returns: The tagged builder.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func tagged<T: BindingTag>(with tag: T.Type) -> Self where T.Element == [Key: Value] {
        var copy = self
        copy.options.tagNumber = graph.recordTag(T.self)
        return copy
    }

    /// Records the entry. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Value>) -> BindingReceipt<Value> {
        _bind(recipe, effects: [], carriesEffects: true)
    }

    /// Records an entry with effects. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Value>, effects: Effects, carriesEffects: Bool) -> BindingReceipt<Value> {
        graph.noteMap()
        graph.add(MapEntryDeclaration<Key, Value>(
            entry: recipe,
            under: key,
            mapKey: BindingKey([Key: Value].self, tag: graph.tag(of: options)),
            site: graph.bindSite(options.siteIndex, fallback: recipe.site),
            declaringModule: graph.currentModule,
            isShared: options.isShared,
            effects: effects,
            carriesEffects: carriesEffects
        ))
        return BindingReceipt()
    }
}

extension MapBindingBuilder where BinderScope: Scope {
    /// Shares this entry in the binder's scope: its value is made once per built component.
    ///
    /// - Returns: The shared builder.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func sharedInScope() -> Self {
        var copy = self
        copy.options.isShared = true
        return copy
    }
}
