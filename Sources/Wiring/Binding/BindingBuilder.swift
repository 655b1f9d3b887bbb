/// A binding being declared: returned by ``Binder/bind(_:file:line:)``.
///
/// Optionally qualify it with ``tagged(with:)``, share it with ``sharedInScope()`` or turn it into
/// a collection contribution with `intoCollection()`, then finish it with `to(factory:)` or
/// `to(value:)`.
public struct BindingBuilder<Element, BinderScope: _ScopeBase>: _ThrowingTerminals {
    /// The type the binding provides.
    public typealias Input = Element

    @usableFromInline let graph: GraphBuilder
    @usableFromInline var options: BindingOptions

    @usableFromInline
    init(graph: GraphBuilder, site: CallSite) {
        self.graph = graph
        self.options = BindingOptions(siteIndex: graph.recordBindSite(site, type: Element.self))
    }

    /// Qualifies the binding with a tag, so that it is requested as `TaggedProvider<T>` and does
    /// not clash with other bindings of the same type.
    ///
    /// ```swift
    /// struct BankURL: BindingTag { typealias Element = String }
    /// binder.bind(String.self).tagged(with: BankURL.self).to(value: "http://127.0.0.1:8080")
    /// ```
    ///
    /// - Parameter tag: The tag; its `Element` is the bound type.
    /// - Returns: The tagged builder.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func tagged<T: BindingTag>(with tag: T.Type) -> Self where T.Element == Element {
        var copy = self
        copy.options.tagNumber = graph.recordTag(T.self)
        return copy
    }

    /// Makes the binding a contribution of one element to the collection `[Element]`.
    ///
    /// Every contribution to the same collection is kept; a factory that takes `[Element]`
    /// receives them all, in the order they were declared.
    ///
    /// ```swift
    /// binder.bind(Plugin.self).intoCollection().to(factory: AuditPlugin.init)
    /// ```
    ///
    /// - Returns: A builder whose terminal takes one element.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func intoCollection() -> SingularCollectionBindingBuilder<Element, BinderScope> {
        SingularCollectionBindingBuilder(graph: graph, options: options)
    }

    /// Makes the binding a contribution of several elements to the collection `[Element]`.
    ///
    /// ```swift
    /// binder.bind(Int.self).intoCollection().to(value: [1, 2, 5])
    /// ```
    ///
    /// - Returns: A builder whose terminal takes an array of elements.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func intoCollection() -> CollectionBindingBuilder<Element, BinderScope> {
        CollectionBindingBuilder(graph: graph, options: options)
    }

    /// Makes the binding one entry of the map `[Key: Element]`, under `key`.
    ///
    /// Entries come from any module the component includes, typically one per feature's wiring
    /// library; a factory that takes `[Key: Element]` receives them all, and one that takes
    /// `[Key: Provider<Element>]` makes only the entries it asks for. The key's type is part of
    /// the map's identity: `[String: Handler]` and `[Route: Handler]` are different maps. Two
    /// entries under one key are a validation error.
    ///
    /// ```swift
    /// binder.bind((any DeepLinkHandler).self).intoMap(key: "settings").to(factory: SettingsHandler.init)
    /// ```
    ///
    /// - Parameter key: The entry's key.
    /// - Returns: A builder whose terminal makes the entry's value.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func intoMap<Key: Hashable & Sendable>(key: Key) -> MapBindingBuilder<Key, Element, BinderScope> {
        MapBindingBuilder(graph: graph, options: options, key: key)
    }

    /// Records a finished binding for the inlinable terminals, which cannot call ``_bind(_:)``.
    @usableFromInline
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func record(_ recipe: _BindingRecipe<Element>) -> BindingReceipt<Element> {
        _bind(recipe)
    }

    /// Records the binding. Called by the terminals; do not call it yourself.
    ///
    /// The binding's location is its `bind()` call's. The recipe's, which the generated
    /// terminals leave empty, is only the fallback of a builder finished after its graph was
    /// built, which adds nothing to that graph.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Element>) -> BindingReceipt<Element> {
        graph.add(recipe, key: BindingKey(Element.self, tag: graph.tag(of: options)), site: graph.bindSite(options.siteIndex, fallback: recipe.site), isShared: options.isShared)
        return BindingReceipt()
    }

    /// Records a binding with effects. Called by the terminals; do not call it yourself.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @_spi(WiringInternals) public func _bind(_ recipe: _BindingRecipe<Element>, effects: Effects, carriesEffects: Bool) -> BindingReceipt<Element> {
        graph.add(
            recipe, key: BindingKey(Element.self, tag: graph.tag(of: options)), site: graph.bindSite(options.siteIndex, fallback: recipe.site),
            isShared: options.isShared, effects: effects, carriesEffects: carriesEffects
        )
        return BindingReceipt()
    }
}

extension BindingBuilder where BinderScope: Scope {
    /// Shares the binding in the binder's scope: it is made once per built component and that
    /// one value goes to everything in the component that asks for it.
    ///
    /// Only available on a binder whose scope is a ``Scope``; on a `Binder<Unscoped>` this is a
    /// compile-time error. The value is made exactly once even when many tasks ask for it at the
    /// same moment.
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

extension BindingBuilder {
    /// Binds the type to an implementation that is itself bound, as Dagger's `@Binds` does:
    /// every request gets the implementation's value, and the graph names the implementation
    /// (`any NetworkExecutor → BankNetworkExecutor`).
    ///
    /// ```swift
    /// binder.bind(BankNetworkExecutor.self).sharedInScope().to(factory: BankNetworkExecutor.init)
    /// binder.bind((any NetworkExecutor).self).to(BankNetworkExecutor.self) { $0 }
    /// ```
    ///
    /// The closure converts the implementation to the bound type; `{ $0 }` is enough, and Swift
    /// checks at the call that the implementation is one.
    ///
    /// - Parameters:
    ///   - implementation: The bound implementation.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - convert: Gives the implementation's value as the bound type.
    /// - Returns: The receipt of the binding.
    @discardableResult
    public func to<Implementation>(
        _ implementation: Implementation.Type,
        file: StaticString = #fileID,
        line: Int = #line,
        as convert: @escaping @Sendable (Implementation) -> Element
    ) -> BindingReceipt<Element> {
        let receipt = _bind(.factory(convert, file: file, line: line))
        graph.recordImplementation(Implementation.self)
        return receipt
    }
}
