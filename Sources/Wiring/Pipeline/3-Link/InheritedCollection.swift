/// The collection an ancestor provides for a key a subcomponent also contributes to.
struct InheritedCollection {
    let node: AnyNode
    let depth: Int
}
