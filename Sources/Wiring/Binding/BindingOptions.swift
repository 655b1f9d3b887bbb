/// The choices made on a builder before its terminal.
///
/// Kept small, so that a builder (these and its graph: four registers) is passed to its terminal
/// in registers, with its type arguments beside it. A larger builder is passed by address with the
/// metadata of the whole `BindingBuilder<Service, Scope>`, which the module that declares the
/// binding then instantiates from its mangled name the first time it runs: for every binding,
/// on every process's first `ComponentFactory.of` (Benchmarks/README.md, "Design notes").
/// So the location of `bind()` waits in the graph builder, and the options keep its number.
@usableFromInline
struct BindingOptions {
    @usableFromInline let siteIndex: Int
    @usableFromInline var tag: (any Any.Type)?
    @usableFromInline var isShared = false

    @usableFromInline
    init(siteIndex: Int) {
        self.siteIndex = siteIndex
    }
}
