/// A resolver inside a struct, so that its type parameter can change with `unsafeBitCast`.
///
/// A struct's field keeps the representation its declaration gives it, `Resolver<T>` with `T`
/// unknown, whatever `T` is: `ResolverBox<A>` and `ResolverBox<B>` are the same bytes. A function
/// value cast on its own would instead be converted (through a heap-allocated thunk) to and from
/// the representation `unsafeBitCast`'s generic parameters give it. Nodes keep their resolvers in
/// a `ResolverBox<Any>`, so that a node needs no generic class per bound type.
struct ResolverBox<T> {
    let resolve: Resolver<T>

    /// The same resolver as a `Resolver<U>`; `U` must be `T`, which the caller guarantees.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func cast<U>(to type: U.Type) -> ResolverBox<U> {
        unsafe unsafeBitCast(self, to: ResolverBox<U>.self)
    }
}
