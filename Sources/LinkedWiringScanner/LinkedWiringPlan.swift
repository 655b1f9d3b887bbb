/// What the scan of the wiring libraries decided.
public struct LinkedWiringPlan: Equatable, Sendable {
    /// The modules to include, sorted by library and name.
    public var included: [IncludedModule] = []
    /// The modules left out, sorted by name.
    public var leftOut: [LeftOutModule] = []
    /// A warning at the declaration of each module left out only for being `internal` or
    /// `package` and not marked `// linked-wiring: exclude`: likely a mistake.
    public var warnings: [SourceProblem] = []
}
