public import Wiring

/// What every error of `ComponentFactory.of` is, in Cleanse's vocabulary.
///
/// Wiring throws one `ValidationError` with every problem of the graph where Cleanse threw a
/// single error or a `MultiError`; the names below let `catch let error as MultiError` and its
/// siblings compile, and catch it.
public protocol CleanseError: Error, CustomStringConvertible {}

extension ValidationError: CleanseError {}

/// One problem of a graph is an error of its own in Cleanse's `MultiError.errors`.
extension Diagnostic: CleanseError {}


extension ValidationError {
    /// Every problem, as Cleanse's `MultiError` named and typed them: each is a `Diagnostic`,
    /// which `diagnostics` gives with its type.
    public var errors: [any CleanseError] { diagnostics }
}
