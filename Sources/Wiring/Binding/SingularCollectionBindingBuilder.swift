/// A contribution of one element to the collection `[Element]`: returned by
/// `BindingBuilder.intoCollection()` when the terminal gives one element.
public struct SingularCollectionBindingBuilder<Element, BinderScope: _ScopeBase>: _PreferredTerminals {
    /// The type of one contributed element.
    public typealias Input = Element

    @usableFromInline let graph: GraphBuilder
    @usableFromInline var options: BindingOptions

    init(graph: GraphBuilder, options: BindingOptions) {
        self.graph = graph
        self.options = options
    }

    /// Contributes to a tagged collection, requested as `TaggedProvider<T>`.
    ///
    /// - Parameter tag: The tag; its `Element` is `[Element]`.
    /// - Returns: The tagged builder.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func tagged<T: BindingTag>(with tag: T.Type) -> Self where T.Element == [Element] {
        var copy = self
        copy.options.tagNumber = graph.recordTag(T.self)
        return copy
    }

    /// Records the contribution. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Element>) -> BindingReceipt<Element> {
        _bind(recipe, effects: [], carriesEffects: true)
    }

    /// Records a contribution with effects. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Element>, effects: Effects, carriesEffects: Bool) -> BindingReceipt<Element> {
        graph.add(ContributionDeclaration(
            element: recipe,
            key: BindingKey([Element].self, tag: graph.tag(of: options)),
            site: graph.bindSite(options.siteIndex, fallback: recipe.site),
            declaringModule: graph.currentModule,
            isShared: options.isShared,
            effects: effects,
            carriesEffects: carriesEffects
        ))
        return BindingReceipt()
    }
}

extension SingularCollectionBindingBuilder where BinderScope: Scope {
    /// Shares this contribution in the binder's scope: its element is made once per built
    /// component.
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
