/// Records the bindings of a module or component; `configure(binder:)` receives one.
///
/// The scope parameter `S` is the scope of the module or component being configured. It decides
/// at compile time what the binder allows: ``BindingBuilder/sharedInScope()`` exists only when
/// `S` is a ``Scope``, and a module with a scope can only be included by a binder of that scope.
///
/// ```swift
/// static func configure(binder: Binder<Singleton>) {
///     binder.include(module: ATMLibModule.self)
///     binder.bind(BankConfiguration.self).sharedInScope().to(factory: BankConfiguration.fromEnvironment)
/// }
/// ```
public struct Binder<S: _ScopeBase> {
    /// The scope this binder binds in.
    public typealias Scope = S

    @usableFromInline let graph: GraphBuilder

    @usableFromInline
    init(graph: GraphBuilder) {
        self.graph = graph
    }

    /// Starts a binding of `Element`.
    ///
    /// Finish it with `to(factory:)` or `to(value:)`, optionally after
    /// ``BindingBuilder/tagged(with:)``, ``BindingBuilder/sharedInScope()`` or
    /// ``BindingBuilder/intoCollection()-7g4j2``. The type can be left out when the terminal
    /// call makes it clear: `binder.bind().to(factory: BillScanner.init)`.
    ///
    /// - Parameters:
    ///   - type: The bound type.
    ///   - file: The file of the call; diagnostics and the graph export point here.
    ///   - line: The line of the call.
    /// - Returns: A builder for the binding.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func bind<Element>(
        _ type: Element.Type = Element.self,
        file: StaticString = #fileID,
        line: Int = #line
    ) -> BindingBuilder<Element, S> {
        BindingBuilder(graph: graph, site: CallSite(file: file, line: line))
    }

    /// Includes an unscoped module: its bindings become part of this component.
    ///
    /// Including the same module more than once is harmless: its `configure` runs once.
    ///
    /// - Parameters:
    ///   - module: The module to include.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func include<M: Module>(module: M.Type, file: StaticString = #fileID, line: Int = #line) where M.Scope == Unscoped {
        let graph = self.graph
        graph.include(M.self, site: CallSite(file: file, line: line)) {
            M.configure(binder: Binder<Unscoped>(graph: graph))
        }
    }

    /// Includes a module of this binder's scope.
    ///
    /// A module whose `Scope` is a real scope can only be included where the binder has that same
    /// scope; anywhere else the call does not compile.
    ///
    /// - Parameters:
    ///   - module: The module to include.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func include<M: Module>(module: M.Type, file: StaticString = #fileID, line: Int = #line) where M.Scope == S, S: Wiring.Scope {
        let graph = self.graph
        graph.include(M.self, site: CallSite(file: file, line: line)) {
            M.configure(binder: Binder<S>(graph: graph))
        }
    }
}

extension Binder {
    /// Installs a subcomponent: anything in this component can then take a
    /// `ComponentFactory<C>` (or a `Provider` of one) and build instances of `C`, which see this
    /// component's bindings. When the path to `C`'s root throws, awaits or runs on the main
    /// actor, take ``AsyncComponentFactory`` or ``MainActorComponentFactory`` of `C` instead.
    ///
    /// ```swift
    /// binder.install(dependency: SessionComponent.self)
    /// ```
    ///
    /// Installing the same component twice is harmless.
    ///
    /// - Parameters:
    ///   - dependency: The subcomponent (a ``Component``, or a ``RootComponent`` used as one).
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func install<C: ComponentBase>(dependency: C.Type, file: StaticString = #fileID, line: Int = #line) {
        graph.install(C.self, site: CallSite(file: file, line: line))
    }
}

/// The binder of unscoped modules.
public typealias UnscopedBinder = Binder<Unscoped>
