public import Wiring

/// What every binder can do, for code generic over binders (Cleanse's `BinderBase`).
///
/// `Binder` is the only conforming type; write extensions here to add conveniences to every
/// binder:
///
/// ```swift
/// extension BinderBase {
///     func bindReceiptPrinter() {
///         bind(ReceiptPrinter.self).to(factory: ReceiptPrinter.init)
///     }
/// }
/// ```
public protocol BinderBase {
    /// The scope the binder binds in.
    associatedtype Scope: _ScopeBase

    /// Starts a binding; see `Binder.bind(_:file:line:)`.
    func bind<Element>(_ type: Element.Type, file: StaticString, line: Int) -> BindingBuilder<Element, Scope>

    /// Includes an unscoped module; see `Binder.include(module:file:line:)`.
    func include<M: Module>(module: M.Type, file: StaticString, line: Int) where M.Scope == Unscoped

    /// Installs a subcomponent; see `Binder.install(dependency:file:line:)`.
    func install<C: ComponentBase>(dependency: C.Type, file: StaticString, line: Int)

    /// Starts the binding of an assisted factory; see `Binder.bindFactory(_:file:line:)`.
    func bindFactory<Element>(_ type: Element.Type, file: StaticString, line: Int) -> AssistedFactoryBindingBuilder<EmptySeed<Element>, Scope>

    /// Starts the binding of a property injector; see `Binder.bindPropertyInjectionOf(_:file:line:)`.
    func bindPropertyInjectionOf<Element: AnyObject>(_ class: Element.Type, file: StaticString, line: Int) -> PropertyInjectorBindingBuilder<Element>
}

extension BinderBase {
    /// Starts a binding of `Element`, recording the caller's location.
    public func bind<Element>(_ type: Element.Type = Element.self, fileID: StaticString = #fileID, lineNumber: Int = #line) -> BindingBuilder<Element, Scope> {
        bind(type, file: fileID, line: lineNumber)
    }

    /// Includes an unscoped module, recording the caller's location.
    public func include<M: Module>(module: M.Type, fileID: StaticString = #fileID, lineNumber: Int = #line) where M.Scope == Unscoped {
        include(module: module, file: fileID, line: lineNumber)
    }

    /// Installs a subcomponent, recording the caller's location.
    public func install<C: ComponentBase>(dependency: C.Type, fileID: StaticString = #fileID, lineNumber: Int = #line) {
        install(dependency: dependency, file: fileID, line: lineNumber)
    }

    /// Starts the binding of an assisted factory, recording the caller's location.
    public func bindFactory<Element>(
        _ type: Element.Type, fileID: StaticString = #fileID, lineNumber: Int = #line
    ) -> AssistedFactoryBindingBuilder<EmptySeed<Element>, Scope> {
        bindFactory(type, file: fileID, line: lineNumber)
    }

    /// Starts the binding of a property injector, recording the caller's location.
    public func bindPropertyInjectionOf<Element: AnyObject>(
        _ class: Element.Type = Element.self, fileID: StaticString = #fileID, lineNumber: Int = #line
    ) -> PropertyInjectorBindingBuilder<Element> {
        bindPropertyInjectionOf(`class`, file: fileID, line: lineNumber)
    }
}

extension BinderBase where Scope: Wiring.Scope {
    /// Includes a module of this binder's scope, recording the caller's location, as Cleanse's
    /// `BinderType` did for code generic over binders; see `Binder.include(module:file:line:)`.
    ///
    /// Only a `Binder` can include it: a type of your own that conforms to `BinderBase` stops
    /// the process here, with a message that says so.
    public func include<M: Module>(module: M.Type, fileID: StaticString = #fileID, lineNumber: Int = #line) where M.Scope == Scope {
        guard let binder = self as? Binder<Scope> else {
            // `fatalError`: an optimised build prints no precondition's message.
            fatalError(
                "WiringCleanse: \(Self.self) includes \(M.self), a module of the scope \(Scope.self), "
                    + "but only a Binder can include a scoped module. Call include(module:) on the Binder that configure(binder:) receives."
            )
        }
        binder.include(module: module, file: fileID, line: lineNumber)
    }
}

extension Binder: BinderBase {}

/// A module whose bindings are shared in a scope (Cleanse's marker protocol); any `Module`
/// with a `Scope` does the same.
public protocol ScopedModule: Module {}
