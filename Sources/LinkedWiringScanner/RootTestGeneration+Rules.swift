/// Which rules a root's generated test asks `of` for.
extension RootTestGeneration {
    /// The roots, as `Module|Key`, whose tests validate them with the sibling-library rule:
    /// those that a call of the scanned sources surely validates with it, as the build-time
    /// check decides (``GraphCheck/App/rootsValidatedWithTheSiblingRule(_:)``: `rules: .all`,
    /// `.siblingBindingsOnly` or `[.siblingBindingsOnly]`, written as a literal outside every
    /// `#if`), naming the root as its module sees it. Any other root is validated with the
    /// default rules, as `of(_:)` does: rules computed or kept in a variable are a value the
    /// plugin cannot read.
    ///
    /// - Parameters:
    ///   - index: The scanned modules.
    ///   - tokens: Each module's tokens, by its name.
    /// - Returns: The roots' keys.
    @_optimize(none)
    static func rootsAskingForTheSiblingRule(_ index: Index, tokens: [String: [[Token]]]) -> Set<String> {
        var asking: Set<String> = []
        for (module, files) in tokens {
            for written in GraphCheck.App.rootsValidatedWithTheSiblingRule(files) {
                if let id = index.resolve(written, from: module) { asking.insert(id) }
            }
        }
        return asking
    }
}
