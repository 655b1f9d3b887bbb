/// Wiring's public names under Cleanse's module name, so that wiring libraries that spell them
/// with their module (`struct Module: Cleanse.Module`, a common idiom for a module nested in the
/// type it binds) compile unchanged once `import Cleanse` becomes `import WiringCleanse`. Each entry
/// refers to the name Wiring or WiringCleanse declares (the Cleanse-only ones in CleanseNames.swift), so every
/// name has one meaning, declared once.
///
/// ```swift
/// extension ReceiptPrinter {
///     struct Module: Cleanse.Module {
///         static func configure(binder: Binder<Unscoped>) {
///             binder.bind(ReceiptPrinter.self).to(factory: ReceiptPrinter.init)
///         }
///     }
/// }
/// ```
public enum Cleanse {
    /// `Module`.
    public typealias Module = Wiring.Module
    /// ``ScopedModule``.
    public typealias ScopedModule = WiringCleanse.ScopedModule
    /// `RootComponent`.
    public typealias RootComponent = Wiring.RootComponent
    /// `Component`.
    public typealias Component = Wiring.Component
    /// `ComponentBase`.
    public typealias ComponentBase = Wiring.ComponentBase
    /// `Scope`.
    public typealias Scope = Wiring.Scope
    /// `_ScopeBase`.
    public typealias _ScopeBase = Wiring._ScopeBase
    /// `Unscoped`.
    public typealias Unscoped = Wiring.Unscoped
    /// `Singleton`.
    public typealias Singleton = Wiring.Singleton
    /// `Tag`.
    public typealias Tag = Wiring.BindingTag
    /// `AssistedFactory`.
    public typealias AssistedFactory = Wiring.AssistedFactory
    /// `ProviderProtocol`.
    public typealias ProviderProtocol = Wiring.ProviderProtocol
    /// `PropertyInjectorProtocol`.
    public typealias PropertyInjectorProtocol = Wiring.PropertyInjectorProtocol
    /// `ComponentFactoryProtocol`.
    public typealias ComponentFactoryProtocol = Wiring.ComponentFactoryProtocol
    /// ``BinderBase``.
    public typealias BinderBase = WiringCleanse.BinderBase
    /// ``CleanseError``.
    public typealias CleanseError = WiringCleanse.CleanseError
    /// `Binder`.
    public typealias Binder<S: Wiring._ScopeBase> = Wiring.Binder<S>
    /// `Provider`.
    public typealias Provider<Element> = Wiring.Provider<Element>
    /// `TaggedProvider`.
    public typealias TaggedProvider<T: Wiring.BindingTag> = Wiring.TaggedProvider<T>
    /// `WeakProvider`.
    public typealias WeakProvider<Wrapped> = Wiring.WeakProvider<Wrapped>
    /// `ComponentFactory`.
    public typealias ComponentFactory<C: Wiring.ComponentBase> = Wiring.ComponentFactory<C>
    /// `ReceiptBinder`.
    public typealias ReceiptBinder<Element> = Wiring.ReceiptBinder<Element>
    /// `BindingReceipt`.
    public typealias BindingReceipt<Element> = Wiring.BindingReceipt<Element>
    /// `PropertyInjector`.
    public typealias PropertyInjector<Element: AnyObject> = Wiring.PropertyInjector<Element>
    /// `Factory`.
    public typealias Factory<Tag: Wiring.AssistedFactory> = Wiring.Factory<Tag>
    /// `Assisted`.
    public typealias Assisted<Element> = Wiring.Assisted<Element>
    /// `EmptySeed`.
    public typealias EmptySeed<Element> = Wiring.EmptySeed<Element>
    /// ``BinderType``.
    public typealias BinderType = WiringCleanse.BinderType
    /// ``Installer``.
    public typealias Installer = WiringCleanse.Installer
    /// `UnscopedBinder`.
    public typealias UnscopedBinder = Wiring.UnscopedBinder
    /// ``PropertyInjectionReceiptBinder``.
    public typealias PropertyInjectionReceiptBinder<Element: AnyObject> = WiringCleanse.PropertyInjectionReceiptBinder<Element>
    /// ``MultiError``.
    public typealias MultiError = WiringCleanse.MultiError
    /// ``MissingProvider``.
    public typealias MissingProvider = WiringCleanse.MissingProvider
    /// ``DependencyCycle``.
    public typealias DependencyCycle = WiringCleanse.DependencyCycle
    /// ``InvalidScopeNesting``.
    public typealias InvalidScopeNesting = WiringCleanse.InvalidScopeNesting
    /// Wiring's `SourceLocation`.
    public typealias SourceLocation = Wiring.SourceLocation
    /// Wiring's `BindToable`.
    public typealias BindToable = Wiring.BindToable
    /// Wiring's `BindingBuilder`.
    public typealias BindingBuilder<Element, BinderScope: Wiring._ScopeBase> = Wiring.BindingBuilder<Element, BinderScope>
    /// Wiring's `PropertyInjectorBindingBuilder`.
    public typealias PropertyInjectorBindingBuilder<Element: AnyObject> = Wiring.PropertyInjectorBindingBuilder<Element>
}
