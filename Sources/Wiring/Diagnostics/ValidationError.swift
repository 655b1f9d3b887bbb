/// Everything wrong with a component's object graph, thrown by ``ComponentFactory/of(_:)``.
///
/// ```swift
/// do {
///     let factory = try ComponentFactory.of(ApplicationRootComponent.self)
/// } catch let error as ValidationError {
///     print(error)   // every problem, each with its location and its fix
/// }
/// ```
public struct ValidationError: Error, CustomStringConvertible, Sendable {
    /// The component whose graph was validated, by name.
    public let componentName: String
    /// Every problem found, in a stable order: a component's before its subcomponents' (depth
    /// first), and a component's by kind, in the order of ``Diagnostic/Kind-swift.struct/allCases``
    /// (an unhandled effect's diagnostics with the requests of a subcomponent's factory last).
    public let diagnostics: [Diagnostic]

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - componentName: The component whose graph was validated.
    ///   - diagnostics: The problems.
    public init(componentName: String, diagnostics: [Diagnostic]) {
        self.componentName = componentName
        self.diagnostics = diagnostics
    }

    // Cold: the text of a validation error, for an invalid graph only. `@_optimize(none)` here and
    // below keeps the optimiser off it (Benchmarks/README.md, "Cold code, not optimised").
    /// A headline with the number of problems, then every diagnostic.
    @_optimize(none)
    public var description: String {
        let count = diagnostics.count == 1 ? "1 problem" : "\(diagnostics.count) problems"
        let body = diagnostics.map(\.description).joined(separator: "\n\n")
        return "Wiring found \(count) in the object graph of \(componentName):\n\n\(body)"
    }
}
