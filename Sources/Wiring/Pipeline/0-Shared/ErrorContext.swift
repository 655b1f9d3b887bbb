/// What a binding's errors say about it.
struct ErrorContext: Sendable {
    let requirement: ResolutionError.Requirement
    let componentPath: [String]

    // Cold: runs only when a factory threw. `@_optimize(none)` here and below keeps the optimiser
    // off it (Benchmarks/README.md, "Cold code, not optimised").
    /// The error a factory threw, as its caller receives it: an error that is already a
    /// ``ResolutionError`` (thrown by a dependency) gains this binding as a requirer.
    @_optimize(none)
    func wrap(_ error: any Error) -> ResolutionError {
        if let resolution = error as? ResolutionError {
            return resolution.required(by: requirement)
        }
        return ResolutionError(
            binding: requirement.binding, location: requirement.location, componentPath: componentPath, underlying: error
        )
    }
}
