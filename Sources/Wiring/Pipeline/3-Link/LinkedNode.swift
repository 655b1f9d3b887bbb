/// A node as a link target names it. Link targets live only while a graph is linked; the
/// graph's nodes outlive them.
struct LinkedNode {
    let node: AnyNode

    init(_ node: AnyNode) {
        self.node = node
    }
}
