/// A helper for terminals that take factories of any arity through a parameter pack; their
/// requests come from `DependencyRequest.list`.
extension Linker {
    /// The resolvers of every parameter of a pack, in order, starting at request `offset`: each
    /// a ``PackResolver``, which the pack's expansion copies without a retain.
    @inlinable
    func resolvers<each P>(_ parameters: repeat (each P).Type, from offset: Int = 0) -> (repeat PackResolver<each P>) {
        var index = offset
        func next<X>(_ parameter: X.Type) -> PackResolver<X> {
            defer { index += 1 }
            return packResolver(index, X.self)
        }
        return (repeat next(each parameters))
    }
}

extension Linker {
    /// The resolvers of every parameter of a pack in a throwing context.
    @inlinable
    func throwingResolvers<each P>(_ parameters: repeat (each P).Type) -> (repeat ThrowingResolver<each P>) {
        var index = 0
        func next<X>(_ parameter: X.Type) -> ThrowingResolver<X> {
            defer { index += 1 }
            return throwingResolver(index, X.self)
        }
        return (repeat next(each parameters))
    }

    /// The resolvers of every parameter of a pack on the main actor.
    @inlinable
    func mainActorResolvers<each P>(_ parameters: repeat (each P).Type) -> (repeat MainActorResolver<each P>) {
        var index = 0
        func next<X>(_ parameter: X.Type) -> MainActorResolver<X> {
            defer { index += 1 }
            return mainActorResolver(index, X.self)
        }
        return (repeat next(each parameters))
    }

    /// The resolvers of every parameter of a pack in an async context, for a recipe specialised
    /// where it is used: a parameter without effects is called without an await.
    @inlinable
    func asyncResolvers<each P>(_ parameters: repeat (each P).Type) -> (repeat AsyncParameterResolver<each P>) {
        var index = 0
        func next<X>(_ parameter: X.Type) -> AsyncParameterResolver<X> {
            defer { index += 1 }
            return asyncResolver(index, X.self)
        }
        return (repeat next(each parameters))
    }

    /// The resolvers of every parameter of a pack for a recipe in an async context that is not
    /// specialised: each parameter's plain and async resolvers, and whether it is plain. A pack
    /// of closures and an array, not of ``AsyncParameterResolver``: its expansion would look up
    /// the struct's metadata for each parameter on every call.
    func splitAsyncResolvers<each P>(
        _ parameters: repeat (each P).Type
    ) -> (plain: (repeat Resolver<each P>), awaited: (repeat AsyncResolver<each P>), isPlain: [Bool]) {
        var index = 0
        var isPlain: [Bool] = []
        func next<X>(_ parameter: X.Type) -> (Resolver<X>, AsyncResolver<X>) {
            defer { index += 1 }
            let resolver = asyncResolver(index, X.self)
            isPlain.append(resolver.plain != nil)
            return (resolver.plain ?? Self.unreachable(X.self), resolver.awaited)
        }
        let pairs = (repeat next(each parameters))
        return ((repeat (each pairs).0), (repeat (each pairs).1), isPlain)
    }
}
