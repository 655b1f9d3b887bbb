/// A recipe's link function inside a struct, so that its type parameter can change with
/// `unsafeBitCast`, as ``ResolverBox`` does for resolvers.
struct LinkBox<T> {
    let link: (Linker) -> Resolver<T>

    /// The same function for `U`, which must be `T`.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func cast<U>(to type: U.Type) -> LinkBox<U> {
        unsafe unsafeBitCast(self, to: LinkBox<U>.self)
    }
}
