// The names Wiring has only for code written for Cleanse, each declared once, here. `Cleanse`
// (Cleanse.swift) repeats every public name under its module's spelling by referring to these.

/// Cleanse's name for a binder that knows its scope: every ``BinderBase`` here.
public typealias BinderType = BinderBase

/// Cleanse's name for what includes modules and installs subcomponents: every ``BinderBase``
/// here.
public typealias Installer = BinderBase

/// Cleanse's name for the binder that `propertyInjector(configuredWith:)` passes.
public typealias PropertyInjectionReceiptBinder<Element: AnyObject> = PropertyInjectorBindingBuilder<Element>

/// Cleanse's error for several problems: Wiring's ``ValidationError``, which always holds every
/// problem.
public typealias MultiError = ValidationError

/// Cleanse's error for a missing binding: Wiring's ``ValidationError``.
public typealias MissingProvider = ValidationError

/// Cleanse's error for a dependency cycle: Wiring's ``ValidationError``.
public typealias DependencyCycle = ValidationError

/// Cleanse's error for a subcomponent that reuses an ancestor's scope: Wiring's ``ValidationError``.
public typealias InvalidScopeNesting = ValidationError
