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
    /// first), and a component's by kind, in this order:
    ///
    /// 1. `scope misuse` (``Diagnostic/Kind-swift.struct/scopeMisuse``): a subcomponent has the
    ///    scope of one of its ancestors;
    /// 2. `unfinished binding` (``Diagnostic/Kind-swift.struct/unfinishedBinding``): a
    ///    `binder.bind(T.self)` that no terminal finishes;
    /// 3. `invalid override` (``Diagnostic/Kind-swift.struct/invalidOverride``): a test override
    ///    that replaces nothing;
    /// 4. `duplicate binding` (``Diagnostic/Kind-swift.struct/duplicateBinding``): a type bound
    ///    more than once;
    /// 5. `duplicate map key` (``Diagnostic/Kind-swift.struct/duplicateMapKey``): two entries of
    ///    a map under one key;
    /// 6. `root binding` (``Diagnostic/Kind-swift.struct/rootBinding``): `configureRoot` binds
    ///    the root never or more than once;
    /// 7. `missing binding` (``Diagnostic/Kind-swift.struct/missingBinding``): a factory asks for
    ///    a type nothing binds;
    /// 8. `private binding` (``Diagnostic/Kind-swift.struct/privateBinding``): a factory asks
    ///    for a type a ``PrivateModule`` keeps to itself, or an `expose` exposes nothing;
    /// 9. `dependency cycle` (``Diagnostic/Kind-swift.struct/dependencyCycle``): factories that
    ///    need each other;
    /// 10. `unhandled effect` (``Diagnostic/Kind-swift.struct/unhandledEffect``): an effect where
    ///    it cannot run, the requests of a subcomponent's factory last;
    /// 11. `wiring rule` (``Diagnostic/Kind-swift.struct/wiringRule``), only with
    ///    ``ValidationRules/siblingBindingsOnly``: a wiring library binds another library's type.
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

    /// A headline with the number of problems, then every diagnostic.
    public var description: String {
        let count = diagnostics.count == 1 ? "1 problem" : "\(diagnostics.count) problems"
        let body = diagnostics.map(\.description).joined(separator: "\n\n")
        return "Wiring found \(count) in the object graph of \(componentName):\n\n\(body)"
    }
}
