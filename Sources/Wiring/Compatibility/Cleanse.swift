/// Wiring's public names under Cleanse's module name, so that wiring libraries that spell them
/// with their module (`struct Module: Cleanse.Module`, a common idiom for a module nested in the
/// type it binds) compile unchanged once `import Cleanse` becomes `import Wiring`. Each entry
/// refers to the name Wiring declares (the Cleanse-only ones in CleanseNames.swift), so every
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
    /// ``Wiring/Module``.
    public typealias Module = Wiring.Module
    /// ``Wiring/ScopedModule``.
    public typealias ScopedModule = Wiring.ScopedModule
    /// ``Wiring/RootComponent``.
    public typealias RootComponent = Wiring.RootComponent
    /// ``Wiring/Component``.
    public typealias Component = Wiring.Component
    /// ``Wiring/ComponentBase``.
    public typealias ComponentBase = Wiring.ComponentBase
    /// ``Wiring/Scope``.
    public typealias Scope = Wiring.Scope
    /// ``Wiring/_ScopeBase``.
    public typealias _ScopeBase = Wiring._ScopeBase
    /// ``Wiring/Unscoped``.
    public typealias Unscoped = Wiring.Unscoped
    /// ``Wiring/Singleton``.
    public typealias Singleton = Wiring.Singleton
    /// ``Wiring/Tag``.
    public typealias Tag = Wiring.Tag
    /// ``Wiring/AssistedFactory``.
    public typealias AssistedFactory = Wiring.AssistedFactory
    /// ``Wiring/ProviderProtocol``.
    public typealias ProviderProtocol = Wiring.ProviderProtocol
    /// ``Wiring/PropertyInjectorProtocol``.
    public typealias PropertyInjectorProtocol = Wiring.PropertyInjectorProtocol
    /// ``Wiring/ComponentFactoryProtocol``.
    public typealias ComponentFactoryProtocol = Wiring.ComponentFactoryProtocol
    /// ``Wiring/BinderBase``.
    public typealias BinderBase = Wiring.BinderBase
    /// ``Wiring/CleanseError``.
    public typealias CleanseError = Wiring.CleanseError
    /// ``Wiring/Binder``.
    public typealias Binder<S: Wiring._ScopeBase> = Wiring.Binder<S>
    /// ``Wiring/Provider``.
    public typealias Provider<Element> = Wiring.Provider<Element>
    /// ``Wiring/TaggedProvider``.
    public typealias TaggedProvider<T: Wiring.Tag> = Wiring.TaggedProvider<T>
    /// ``Wiring/WeakProvider``.
    public typealias WeakProvider<Wrapped> = Wiring.WeakProvider<Wrapped>
    /// ``Wiring/ComponentFactory``.
    public typealias ComponentFactory<C: Wiring.ComponentBase> = Wiring.ComponentFactory<C>
    /// ``Wiring/ReceiptBinder``.
    public typealias ReceiptBinder<Element> = Wiring.ReceiptBinder<Element>
    /// ``Wiring/BindingReceipt``.
    public typealias BindingReceipt<Element> = Wiring.BindingReceipt<Element>
    /// ``Wiring/PropertyInjector``.
    public typealias PropertyInjector<Element: AnyObject> = Wiring.PropertyInjector<Element>
    /// ``Wiring/Factory``.
    public typealias Factory<Tag: Wiring.AssistedFactory> = Wiring.Factory<Tag>
    /// ``Wiring/Assisted``.
    public typealias Assisted<Element> = Wiring.Assisted<Element>
    /// ``Wiring/EmptySeed``.
    public typealias EmptySeed<Element> = Wiring.EmptySeed<Element>
    /// ``Wiring/BinderType``.
    public typealias BinderType = Wiring.BinderType
    /// ``Wiring/Installer``.
    public typealias Installer = Wiring.Installer
    /// ``Wiring/UnscopedBinder``.
    public typealias UnscopedBinder = Wiring.UnscopedBinder
    /// ``Wiring/PropertyInjectionReceiptBinder``.
    public typealias PropertyInjectionReceiptBinder<Element: AnyObject> = Wiring.PropertyInjectionReceiptBinder<Element>
    /// ``Wiring/MultiError``.
    public typealias MultiError = Wiring.MultiError
    /// ``Wiring/MissingProvider``.
    public typealias MissingProvider = Wiring.MissingProvider
    /// ``Wiring/DependencyCycle``.
    public typealias DependencyCycle = Wiring.DependencyCycle
    /// ``Wiring/InvalidScopeNesting``.
    public typealias InvalidScopeNesting = Wiring.InvalidScopeNesting
}
