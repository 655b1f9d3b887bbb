/// Where a binding linked in an effectful context leaves its resolvers, and what its errors say
/// about it. One per such binding, while the graph is linked.
@usableFromInline
final class EffectSink {
    /// The binding, as the errors of its factory name it.
    let requirement: ResolutionError.Requirement
    /// The components from the root down to the binding's.
    let componentPath: [String]
    /// The binding's `EffectfulResolvers`, once it is linked.
    var resolvers: AnyObject?

    init(requirement: ResolutionError.Requirement, componentPath: [String]) {
        self.requirement = requirement
        self.componentPath = componentPath
    }

    /// What the binding's resolvers need to wrap its errors, without holding the sink.
    var errorContext: ErrorContext {
        ErrorContext(requirement: requirement, componentPath: componentPath)
    }
}
