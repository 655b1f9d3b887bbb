/// A helper for terminals that take factories of any arity through a parameter pack; their
/// requests come from `DependencyRequest.list`.
extension Linker {
    /// The resolvers of every parameter of a pack, in order, starting at request `offset`.
    @inlinable
    func resolvers<each P>(_ parameters: repeat (each P).Type, from offset: Int = 0) -> (repeat Resolver<each P>) {
        var index = offset
        func next<X>(_ parameter: X.Type) -> Resolver<X> {
            defer { index += 1 }
            return resolver(index, X.self)
        }
        return (repeat next(each parameters))
    }
}
