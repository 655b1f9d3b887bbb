/// A node as a link target names it, with how deep its key lies (see `ResolvedGraph.depths`) when
/// the target was made. Link targets live only while a graph is linked; the graph's nodes
/// outlive them.
struct LinkedNode: Sendable {
    let node: AnyNode
    let depth: Int

    init(_ node: AnyNode, depth: Int32) {
        self.node = node
        self.depth = Int(depth)
    }
}
