/// How a recipe links its value, given up once it has: a linked graph keeps only resolvers.
struct RecipeLink<Input> {
    private var link: ((Linker) -> Resolver<Input>)?

    init(_ link: @escaping (Linker) -> Resolver<Input>) {
        self.link = link
    }

    /// The link function; a second call is an internal error.
    mutating func take() -> (Linker) -> Resolver<Input> {
        guard let link else { preconditionFailure("Wiring internal error: a binding was linked twice.") }
        self.link = nil
        return link
    }
}
