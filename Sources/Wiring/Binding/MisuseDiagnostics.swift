// Misuse the type checker sees, said in a sentence. Each declaration here is unavailable: the
// type checker skips unavailable overloads while it looks for a call's meaning, so a call that
// compiles costs nothing more; only a call that matches nothing else lands here, and the
// compiler then prints the message instead of a generic requirement ("requires that 'Unscoped'
// conform to 'Scope'", "no exact matches in call to instance method 'to'").

extension BindingBuilder where BinderScope == Unscoped {
    /// Not available on an unscoped binder: see the message.
    @available(*, unavailable, message: "sharedInScope() shares a value in the binder's scope, and this binder is Binder<Unscoped>, which has none: an unscoped module makes a new value for each request. To share it, bind it in a module whose configure takes Binder<Singleton> (shared by the root component) or Binder<SomeScope> (shared by that subcomponent), or remove sharedInScope().")
    public func sharedInScope() -> Self { self }
}

extension MapBindingBuilder where BinderScope == Unscoped {
    /// Not available on an unscoped binder: see the message.
    @available(*, unavailable, message: "sharedInScope() shares a value in the binder's scope, and this binder is Binder<Unscoped>, which has none: an unscoped module makes a new value for each request. To share it, bind it in a module whose configure takes Binder<Singleton> (shared by the root component) or Binder<SomeScope> (shared by that subcomponent), or remove sharedInScope().")
    public func sharedInScope() -> Self { self }
}

extension CollectionBindingBuilder where BinderScope == Unscoped {
    /// Not available on an unscoped binder: see the message.
    @available(*, unavailable, message: "sharedInScope() shares a value in the binder's scope, and this binder is Binder<Unscoped>, which has none: an unscoped module makes a new value for each request. To share it, bind it in a module whose configure takes Binder<Singleton> (shared by the root component) or Binder<SomeScope> (shared by that subcomponent), or remove sharedInScope().")
    public func sharedInScope() -> Self { self }
}

extension SingularCollectionBindingBuilder where BinderScope == Unscoped {
    /// Not available on an unscoped binder: see the message.
    @available(*, unavailable, message: "sharedInScope() shares a value in the binder's scope, and this binder is Binder<Unscoped>, which has none: an unscoped module makes a new value for each request. To share it, bind it in a module whose configure takes Binder<Singleton> (shared by the root component) or Binder<SomeScope> (shared by that subcomponent), or remove sharedInScope().")
    public func sharedInScope() -> Self { self }
}

extension Binder {
    /// Not available for a module whose scope is neither `Unscoped` nor this binder's: see the
    /// message.
    @available(*, unavailable, message: "this module's scope does not fit this binder: a binder includes Unscoped modules and modules of its own scope. A module whose configure takes Binder<Singleton> belongs in the root component (or another Singleton module), one of a subcomponent's scope in that subcomponent. To fix this, include the module where its scope is, give the including module's configure the same Binder<Scope>, or make the module's configure take Binder<Unscoped> if nothing in it is shared.")
    public func include<M: Module>(module: M.Type, file: StaticString = #fileID, line: Int = #line) {}
}

extension BindingBuilder {
    /// Not available for a factory that returns an optional: see the message.
    @available(*, unavailable, message: "this factory returns an optional, which cannot make the bound type; a failable initialiser (init?(coder:), init?(rawValue:)) is the usual cause. To fix this, pass an initialiser that cannot fail, for example in a closure that names its parameters, { (name: String) in T(name: name) }, or bind the optional type, bind(T?.self), if nil is a value to inject.")
    @discardableResult
    public func to<each P>(
        factory: @escaping @Sendable (repeat each P) -> Element?
    ) -> BindingReceipt<Element> {
        BindingReceipt()
    }
}

extension BindingBuilder {
    /// Not available: a binding's location is its `bind()` call's; see the message.
    ///
    /// Its `file:` and `line:` have no default, so the type checker drops it at the labels of
    /// a `to(factory:)` call: 21,840 instructions of a binding's type check (0.45 %; callgrind,
    /// the threshold's 50 bindings, with and without it).
    @available(*, unavailable, message: "the terminals of bind() take no location: a binding's location is its bind() call's. To fix this, pass file: and line: to bind, as in binder.bind(T.self, file: file, line: line).to(factory: T.init).")
    @discardableResult
    public func to<each P>(
        file: StaticString,
        line: Int,
        factory: @escaping @Sendable (repeat each P) -> Element
    ) -> BindingReceipt<Element> {
        BindingReceipt()
    }
}

extension _PreferredTerminals {
    /// Not available for a factory that returns an optional: see the message.
    @available(*, unavailable, message: "this factory returns an optional, which cannot make the bound type; a failable initialiser (init?(coder:), init?(rawValue:)) is the usual cause. To fix this, pass an initialiser that cannot fail, for example in a closure that names its parameters, { (name: String) in T(name: name) }, or bind the optional type, bind(T?.self), if nil is a value to inject.")
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID,
        line: Int = #line,
        factory: @escaping @Sendable (repeat each P) -> Input?
    ) -> BindingReceipt<Input> {
        BindingReceipt()
    }
}
