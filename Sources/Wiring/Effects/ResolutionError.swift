/// An error thrown by a binding's factory, as it reaches whoever asked for a value: with the
/// binding that threw, where it is declared, and the chain of bindings that asked for it.
///
/// ```swift
/// do {
///     let app = try await AsyncComponentFactory.of(AppComponent.self).build(())
/// } catch let error as ResolutionError {
///     print(error)            // Database's factory threw at AppWiring/AppModule.swift:12 ...
///     error.underlying        // the factory's own error
/// }
/// ```
///
/// A factory that throws caches nothing: the next request for a shared binding runs its
/// factory again.
public struct ResolutionError: Error, CustomStringConvertible {
    /// The binding whose factory threw: `Database`, `any DepositJournal`.
    public let binding: String
    /// Where that binding is declared.
    public let location: SourceLocation?
    /// The components from the root down to the one that declares the binding, by name.
    public let componentPath: [String]
    /// The bindings that asked for it, nearest first, each with where it is declared.
    public let requiredBy: [Requirement]
    /// The error the factory threw.
    public let underlying: any Error

    /// One binding on the way from a request to the binding that threw.
    public struct Requirement: Hashable, Sendable, CustomStringConvertible {
        /// What the binding provides: `ATMDepositer`, `AppRoot, the root of AppComponent`.
        public let binding: String
        /// Where the binding is declared.
        public let location: SourceLocation?

        /// Creates a requirement.
        ///
        /// - Parameters:
        ///   - binding: What the binding provides.
        ///   - location: Where the binding is declared.
        public init(binding: String, location: SourceLocation?) {
            self.binding = binding
            self.location = location
        }

        // Cold: a factory threw: the error path, never a successful resolution. `@_optimize(none)`
        // here and below keeps the optimiser off it (Benchmarks/README.md, "Cold code, not
        // optimised").
        /// `required by ATMDepositer at ATMLibWiring/ATMLibModule.swift:15`.
        @_optimize(none)
        public var description: String {
            "required by \(binding)" + (location.map { " at \($0)" } ?? "")
        }
    }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - binding: The binding whose factory threw.
    ///   - location: Where that binding is declared.
    ///   - componentPath: The components from the root down to the one that declares it.
    ///   - requiredBy: The bindings that asked for it, nearest first.
    ///   - underlying: The error the factory threw.
    public init(binding: String, location: SourceLocation?, componentPath: [String], requiredBy: [Requirement] = [], underlying: any Error) {
        self.binding = binding
        self.location = location
        self.componentPath = componentPath
        self.requiredBy = requiredBy
        self.underlying = underlying
    }

    /// The binding, its location and component, each binding that required it, then the
    /// factory's error:
    ///
    /// ```
    /// The factory of any DepositJournal at ATMLibWiring/ATMLibModule.swift:13 in ATMRootComponent threw: ...
    ///   required by ATMDepositer at ATMLibWiring/ATMLibModule.swift:16
    /// ```
    @_optimize(none)
    public var description: String {
        let place = location.map { " at \($0)" } ?? ""
        let component = componentPath.isEmpty ? "" : " in \(componentPath.joined(separator: " > "))"
        var lines = ["The factory of \(binding)\(place)\(component) threw: \(underlying)"]
        lines += requiredBy.map { "  \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The same error, one requirement further from the binding that threw.
    @_optimize(none)
    func required(by requirement: Requirement) -> ResolutionError {
        ResolutionError(
            binding: binding, location: location, componentPath: componentPath, requiredBy: requiredBy + [requirement],
            underlying: underlying
        )
    }
}
