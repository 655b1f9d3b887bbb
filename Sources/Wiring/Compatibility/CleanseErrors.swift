/// What every error of `ComponentFactory.of` is, in Cleanse's vocabulary.
///
/// Wiring throws one ``ValidationError`` with every problem of the graph where Cleanse threw a
/// single error or a `MultiError`; the names below let `catch let error as MultiError` and its
/// siblings compile, and catch it.
public protocol CleanseError: Error, CustomStringConvertible {}

extension ValidationError: CleanseError {}

/// One problem of a graph is an error of its own in Cleanse's `MultiError.errors`.
extension Diagnostic: CleanseError {}

/// Cleanse's error for several problems: Wiring's ``ValidationError``, which always holds every
/// problem.
public typealias MultiError = ValidationError
/// Cleanse's error for a missing binding: Wiring's ``ValidationError``.
public typealias MissingProvider = ValidationError
/// Cleanse's error for a dependency cycle: Wiring's ``ValidationError``.
public typealias DependencyCycle = ValidationError
/// Cleanse's error for a subcomponent that reuses an ancestor's scope: Wiring's ``ValidationError``.
public typealias InvalidScopeNesting = ValidationError

extension ValidationError {
    /// Every problem, as Cleanse's `MultiError` named and typed them: each is a ``Diagnostic``,
    /// which ``diagnostics`` gives with its type.
    public var errors: [any CleanseError] { diagnostics }
}
