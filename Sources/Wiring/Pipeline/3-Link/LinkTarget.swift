/// Where one factory parameter's value comes from, decided by validation.
///
/// Link targets live only while a graph is linked; each names its node (``LinkedNode``).
enum LinkTarget: Sendable {
    /// A bound key: the parameter is its value, or a wrapper (`Provider`, `T?`) around it.
    case node(LinkedNode, wrapper: (any DependencyWrapper.Type)?)
    /// A `() -> T` parameter: a closure that resolves `T` when called.
    case function(LinkedNode)
    /// A wrapper whose binding is absent and who accepts that: `T?` gets nil.
    case absent(wrapper: any DependencyWrapper.Type)
    /// A binding of the ancestor `depth` levels up, resolved in that ancestor's instance.
    indirect case inherited(depth: Int, LinkTarget)
    /// A key not linked yet, asked for by a binding that resolves its requests only when its
    /// value is used (an assisted factory, a property injector) in a loop back to it: the
    /// target's resolver is read when the parameter is resolved, as a `Provider`'s is.
    indirect case late(LinkTarget)

    /// The depth of the key the parameter resolves (see `ResolvedGraph.depths`), 0 for nil.
    var keyDepth: Int {
        switch self {
        case let .node(linked, _), let .function(linked): linked.depth
        case .absent: 0
        case let .inherited(_, target), let .late(target): target.keyDepth
        }
    }
}
