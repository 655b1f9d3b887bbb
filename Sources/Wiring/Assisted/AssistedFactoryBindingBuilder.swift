extension Binder {
    /// Starts the binding of an assisted factory of `Element`: a ``Factory`` that builds
    /// `Element` from a value its caller supplies plus dependencies from the graph.
    ///
    /// ```swift
    /// binder.bindFactory(ReceiptScreen.self).with(ReceiptFactory.self).to(factory: ReceiptScreen.init)
    /// // init(receipt: Assisted<DepositReceipt>, printer: ReceiptPrinter)
    /// ```
    ///
    /// Without `.with(...)`, the factory's seed is `Void` and it is injected as
    /// `Factory<EmptySeed<Element>>`.
    ///
    /// - Parameters:
    ///   - type: The type the factory builds.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    /// - Returns: A builder whose terminal takes the factory.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func bindFactory<Element>(
        _ type: Element.Type, file: StaticString = #fileID, line: Int = #line
    ) -> AssistedFactoryBindingBuilder<EmptySeed<Element>, S> {
        AssistedFactoryBindingBuilder(graph: graph, site: CallSite(file: file, line: line))
    }
}

/// An assisted factory being bound; finish it with `to(factory:)`, whose factory takes
/// `Assisted<Seed>` first (any number of graph dependencies after it) or last (up to 12 before
/// it).
public struct AssistedFactoryBindingBuilder<AF: AssistedFactory, BinderScope: _ScopeBase> {
    @usableFromInline let graph: GraphBuilder
    @usableFromInline let site: CallSite

    @usableFromInline
    init(graph: GraphBuilder, site: CallSite) {
        self.graph = graph
        self.site = site
    }

    /// Names the assisted factory, and with it the seed type its callers supply.
    ///
    /// - Parameter factory: The assisted factory; its `Element` is the bound type.
    /// - Returns: The builder of that factory.
    public func with<F: AssistedFactory>(_ factory: F.Type) -> AssistedFactoryBindingBuilder<F, BinderScope> where F.Element == AF.Element {
        AssistedFactoryBindingBuilder<F, BinderScope>(graph: graph, site: site)
    }

    /// Records the binding of `Factory<AF>`. Called by the terminals.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @usableFromInline
    func bind(_ recipe: _BindingRecipe<Factory<AF>>) -> BindingReceipt<Factory<AF>> {
        // Its dependencies are resolved when the factory is called, synchronously: their effects
        // are reported at this binding (see `EffectRule`), not carried.
        graph.add(recipe, key: BindingKey(Factory<AF>.self), site: site, isShared: false, carriesEffects: false)
        return BindingReceipt()
    }

    /// Binds a factory whose only parameter is the caller's seed.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - factory: Builds an element from the seed.
    /// - Returns: The receipt of the `Factory<AF>` binding.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @discardableResult
    public func to(
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (Assisted<AF.Seed>) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        bind(_BindingRecipe(requests: [], file: file, line: line) { linker in
            linker.finish { _ in
                Factory { seed in factory(Assisted(SentValue(seed))) }
            }
        })
    }

    /// Binds a factory that takes the caller's seed first, then dependencies from the graph.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - factory: Builds an element from the seed and its dependencies.
    /// - Returns: The receipt of the `Factory<AF>` binding.
    @inlinable
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID, line: Int = #line,
        factory: @escaping @Sendable (Assisted<AF.Seed>, repeat each P) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        bind(_BindingRecipe(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            let resolvers = linker.resolvers(repeat (each P).self)
            return linker.finish { instance in
                let shared = SharedInstance(instance)
                return Factory { seed in factory(Assisted(SentValue(seed)), repeat (each resolvers)(shared.instance)) }
            }
        })
    }
}
