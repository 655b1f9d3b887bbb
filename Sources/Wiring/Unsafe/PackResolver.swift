/// The resolver of one parameter of a factory that takes a parameter pack (13 parameters and
/// more): what `Linker.resolvers(_:from:)` gives, called as `(each resolvers)(instance)`.
///
/// A pack's expansion copies each element out of the tuple the composed closure captured. A
/// resolver is a closure, so that copy retained and released the closure's context, once per
/// parameter and resolve; a `PackResolver` is one unretained reference, whose copy costs
/// nothing, and its call borrows the resolver from its cell.
///
/// The cells are kept alive by the ``InstanceLayout`` of the component that linked them
/// (``PackResolverCells``): a resolver is only ever called with an instance of that component,
/// whose header holds its layout, so a cell is alive whenever it is called.
@usableFromInline
struct PackResolver<T>: @unchecked Sendable {
    // Safe to share: the cell is immutable and its resolver is `@Sendable`.
    @usableFromInline unowned(unsafe) let cell: PackResolverCell<T>

    init(_ cell: PackResolverCell<T>) {
        unsafe self.cell = cell
    }

    /// Resolves the parameter in `instance`.
    @inlinable @inline(__always)
    func callAsFunction(_ instance: ComponentInstance) -> T {
        // The instance keeps its layout, and the layout the cell: borrowing it is safe.
        unsafe Unmanaged.passUnretained(cell)._withUnsafeGuaranteedRef { cell in cell.resolve(instance) }
    }
}

/// Holds one parameter's resolver for ``PackResolver``.
@usableFromInline
final class PackResolverCell<T>: Sendable {
    @usableFromInline let resolve: Resolver<T>

    init(_ resolve: @escaping Resolver<T>) {
        self.resolve = resolve
    }
}

/// The cells of every ``PackResolver`` a component's link makes, until its ``InstanceLayout``
/// takes them.
final class PackResolverCells {
    private(set) var cells: [any AnyObject & Sendable] = []

    /// A pack resolver of `resolve`, whose cell these cells keep.
    func resolver<T>(_ resolve: @escaping Resolver<T>) -> PackResolver<T> {
        let cell = PackResolverCell(resolve)
        cells.append(cell)
        return PackResolver(cell)
    }
}

/// A reference to a component link's ``PackResolverCells`` that a ``Linker`` carries without
/// retaining it: the graph linker that owns the cells outlives every linker it makes, which
/// live only while a recipe links.
@safe
struct UnretainedPackResolverCells {
    private unowned(unsafe) let cells: PackResolverCells

    init(_ cells: PackResolverCells) {
        unsafe self.cells = cells
    }

    /// A resolver that calls `resolve` from a cell the linker keeps (``PackResolverCells``).
    func resolver<T>(_ resolve: @escaping Resolver<T>) -> PackResolver<T> {
        unsafe cells.resolver(resolve)
    }
}
