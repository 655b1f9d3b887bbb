public import Wiring

// The names Wiring has only for code written for Cleanse, each declared once, here. `Cleanse`
// (Cleanse.swift) repeats every public name under its module's spelling by referring to these.

/// Cleanse's name for what qualifies bindings of one type: Wiring's `BindingTag`, renamed so that
/// a file may import both Wiring and Swift Testing, whose `Tag` marks tests. A file that imports
/// WiringCleanse and Testing writes `WiringCleanse.Tag` or `BindingTag`.
public typealias Tag = BindingTag

/// Cleanse's name for a binder that knows its scope: every ``BinderBase`` here.
public typealias BinderType = BinderBase

/// Cleanse's name for what includes modules and installs subcomponents: every ``BinderBase``
/// here.
public typealias Installer = BinderBase

/// Cleanse's name for the binder that `propertyInjector(configuredWith:)` passes.
public typealias PropertyInjectionReceiptBinder<Element: AnyObject> = PropertyInjectorBindingBuilder<Element>

/// Cleanse's error for several problems: Wiring's `ValidationError`, which always holds every
/// problem.
public typealias MultiError = ValidationError

/// Cleanse's error for a missing binding: Wiring's `ValidationError`.
public typealias MissingProvider = ValidationError

/// Cleanse's error for a dependency cycle: Wiring's `ValidationError`.
public typealias DependencyCycle = ValidationError

/// Cleanse's error for a subcomponent that reuses an ancestor's scope: Wiring's `ValidationError`.
public typealias InvalidScopeNesting = ValidationError

extension Assisted {
    /// The seed's type, by the name Cleanse gave this generic parameter (`Assisted<E>`), so that
    /// extensions such as `extension Assisted where E == String` compile unchanged.
    public typealias E = Element
}

extension WeakProvider {
    /// The wrapped type, by the name Cleanse gave this generic parameter (`WeakProvider<E>`), so
    /// that extensions such as `extension WeakProvider where E: AnyObject` compile unchanged.
    public typealias E = Wrapped
}

extension PropertyInjectorBindingBuilder {
    /// The injected type, by the name Cleanse gave this generic parameter of
    /// `PropertyInjectionReceiptBinder<E>`, so that extensions such as
    /// `extension PropertyInjectionReceiptBinder where E == AppDelegate` compile unchanged.
    public typealias E = Element
}

extension TaggedProvider {
    /// The tag, by the name Cleanse gave this generic parameter (`TaggedProvider<Tag>`), so that
    /// extensions such as `extension TaggedProvider where Tag == BankURL` compile unchanged.
    public typealias Tag = T
}

extension SourceLocation {
    /// Creates a location the way Cleanse's `SourceLocation` did; the function is not kept.
    ///
    /// - Parameters:
    ///   - file: The file, as `#fileID` (or `#file`, the same in Swift 6) writes it.
    ///   - line: The line.
    ///   - function: The function.
    public init(file: StaticString, line: Int, function: StaticString) {
        self.init(fileID: file.description, line: line)
    }
}

extension BindingBuilder {
    /// Renamed `BindingBuilder.sharedInScope()` in Cleanse 4.
    @available(*, unavailable, renamed: "sharedInScope()")
    public func asSingleton() -> Self { self }

    /// Renamed `BindingBuilder.sharedInScope()` in Cleanse 4.
    @available(*, unavailable, renamed: "sharedInScope()")
    public func scoped<S: Scope>(in scope: S.Type) -> Self { self }
}

extension ComponentFactory where C: RootComponent {
    /// Cleanse's `of(_:validate:)`: Wiring always validates, so `validate` changes nothing;
    /// the same as `ComponentFactory.of(_:)`.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - validate: Ignored: linking a graph relies on its validation, which costs a few
    ///     microseconds per binding.
    /// - Returns: A factory that builds the component.
    /// - Throws: `ValidationError` with every problem of the graph.
    public static func of(_ componentType: C.Type, validate: Bool) throws -> ComponentFactory<C> {
        try of(componentType)
    }
}

extension ComponentFactoryProtocol where ComponentElement: RootComponent {
    /// Cleanse's `of(_:validate:)` for code generic over factories; `validate` changes nothing.
    ///
    /// - Parameters:
    ///   - componentType: The root component.
    ///   - validate: Ignored; Wiring always validates.
    /// - Returns: A factory that builds the component.
    /// - Throws: `ValidationError` with every problem of the graph.
    public static func of(_ componentType: ComponentElement.Type, validate: Bool) throws -> ComponentFactory<ComponentElement> {
        try ComponentFactory<ComponentElement>.of(componentType)
    }
}
