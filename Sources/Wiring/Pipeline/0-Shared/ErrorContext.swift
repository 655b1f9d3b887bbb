/// What a binding's errors say about it.
struct ErrorContext: Sendable {
    let requirement: ResolutionError.Requirement
    let componentPath: [String]

    /// The error a factory threw, as its caller receives it: an error that is already a
    /// ``ResolutionError`` (thrown by a dependency) gains this binding as a requirer.
    func wrap(_ error: any Error) -> ResolutionError {
        if let resolution = error as? ResolutionError {
            return resolution.required(by: requirement)
        }
        return ResolutionError(
            binding: requirement.binding, location: requirement.location, componentPath: componentPath, underlying: error
        )
    }
}
