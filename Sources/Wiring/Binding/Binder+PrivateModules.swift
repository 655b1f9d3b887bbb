extension Binder {
    /// Includes an unscoped private module: its bindings become part of this component, visible
    /// only inside it except those it exposes.
    ///
    /// Including the same private module more than once is harmless: its `configure` runs once,
    /// where it is first included.
    ///
    /// - Parameters:
    ///   - module: The private module to include.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func include<M: PrivateModule>(module: M.Type, file: StaticString = #fileID, line: Int = #line) where M.Scope == Unscoped {
        let graph = self.graph
        graph.includePrivate(M.self, site: CallSite(file: file, line: line)) {
            M.configure(binder: Binder<Unscoped>(graph: graph))
        }
    }

    /// Includes a private module of this binder's scope.
    ///
    /// - Parameters:
    ///   - module: The private module to include.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func include<M: PrivateModule>(module: M.Type, file: StaticString = #fileID, line: Int = #line) where M.Scope == S, S: Wiring.Scope {
        let graph = self.graph
        graph.includePrivate(M.self, site: CallSite(file: file, line: line)) {
            M.configure(binder: Binder<S>(graph: graph))
        }
    }

    /// Makes a binding of the running ``PrivateModule`` visible where the module is included.
    ///
    /// The exposed binding behaves like any other: shared or not, with its factory's effects. The
    /// private module (or a module it includes) must bind `Element` itself; exposing a type twice
    /// from two private modules is a duplicate binding. Called outside a private module's
    /// `configure`, it is reported by ``ComponentFactory/of(_:)``.
    ///
    /// ```swift
    /// binder.expose(NetworkExecutor.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The exposed type.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func expose<Element>(_ type: Element.Type, file: StaticString = #fileID, line: Int = #line) {
        exposeBinding(BindingKey(Element.self), as: Element.self, file: file, line: line)
    }

    /// Makes a tagged binding of the running ``PrivateModule`` visible where the module is
    /// included (see ``expose(_:file:line:)``).
    ///
    /// ```swift
    /// binder.expose(tagged: BankURL.self)
    /// ```
    ///
    /// - Parameters:
    ///   - tag: The tag of the exposed binding.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func expose<T: BindingTag>(tagged tag: T.Type, file: StaticString = #fileID, line: Int = #line) {
        exposeBinding(BindingKey(T.Element.self, tag: T.self), as: T.Element.self, file: file, line: line)
    }

    /// Makes the running ``PrivateModule``'s contributions to `[Element]` join the collection
    /// where the module is included. Without it, they make a collection only the private module
    /// sees.
    ///
    /// ```swift
    /// binder.expose(collectionOf: (any Plugin).self)
    /// ```
    ///
    /// - Parameters:
    ///   - element: The collection's element type.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func expose<Element>(collectionOf element: Element.Type, file: StaticString = #fileID, line: Int = #line) {
        graph.exposeContributions(BindingKey([Element].self), site: CallSite(file: file, line: line))
    }

    /// Makes the running ``PrivateModule``'s contributions to a tagged collection join the one
    /// where the module is included.
    ///
    /// - Parameters:
    ///   - element: The collection's element type.
    ///   - tag: The collection's tag.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func expose<Element, T: BindingTag>(
        collectionOf element: Element.Type, tagged tag: T.Type, file: StaticString = #fileID, line: Int = #line
    ) where T.Element == [Element] {
        graph.exposeContributions(BindingKey([Element].self, tag: T.self), site: CallSite(file: file, line: line))
    }

    /// Makes the running ``PrivateModule``'s entries of the map `[Key: Value]` join the map where
    /// the module is included. Without it, they make a map only the private module sees.
    ///
    /// ```swift
    /// binder.expose(map: [String: any Handler].self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The map type.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func expose<Key: Hashable & Sendable, Value>(map type: [Key: Value].Type, file: StaticString = #fileID, line: Int = #line) {
        graph.exposeContributions(BindingKey([Key: Value].self), site: CallSite(file: file, line: line))
    }

    /// Makes the running ``PrivateModule``'s entries of a tagged map join the one where the
    /// module is included.
    ///
    /// - Parameters:
    ///   - type: The map type.
    ///   - tag: The map's tag.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func expose<Key: Hashable & Sendable, Value, T: BindingTag>(
        map type: [Key: Value].Type, tagged tag: T.Type, file: StaticString = #fileID, line: Int = #line
    ) where T.Element == [Key: Value] {
        graph.exposeContributions(BindingKey([Key: Value].self, tag: T.self), site: CallSite(file: file, line: line))
    }

    /// Declares a test's replacements inside a private module, so that they replace its private
    /// bindings. Use `WiringTesting`'s `inside(_:_:)`.
    @_spi(Testing)
    public func _inside<M: PrivateModule>(_ module: M.Type, file: StaticString, line: Int, _ replace: (Binder<S>) -> Void) {
        let graph = self.graph
        graph.declareInside(M.self, site: CallSite(file: file, line: line)) {
            replace(Binder<S>(graph: graph))
        }
    }

    /// The alias of an exposed binding: a binding of `key` outside the private module whose one
    /// parameter is the private module's binding of `key`.
    private func exposeBinding<Element>(_ key: BindingKey, as type: Element.Type, file: StaticString, line: Int) {
        let identity = _BindingRecipe<Element>.factory({ (value: Element) in value }, file: file, line: line)
        let request = DependencyRequest(key: key, kind: .instance, parameterType: Element.self)
        graph.expose(key, recipe: _BindingRecipe(requests: [request], file: file, line: line, link: identity.link))
    }
}
