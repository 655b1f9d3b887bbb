/// A node as a link target names it: not retained (see ``LinkTarget``). Whatever keeps the node
/// after linking (a provider's resolver, a `() -> T` closure) takes a strong reference of its own.
struct LinkedNode {
    unowned(unsafe) let node: AnyNode

    init(_ node: AnyNode) {
        self.node = node
    }
}
