/// A module declared in several branches of an `#if` (`#if DEBUG` a fake, `#else` the real
/// one): Swift builds one declaration, so each is a module of its own, included under its own
/// conditions, with its own scope, access and attributes, and the library's extensions of it.
extension ModuleCatalog.Aggregate {
    /// One aggregate per declaration of the name, in the order of the files and lines; the
    /// aggregate itself when there is at most one.
    @_optimize(none)
    var branches: [ModuleCatalog.Aggregate] {
        guard let declaration, !otherDeclarations.isEmpty else { return [self] }
        return ([declaration] + otherDeclarations).map { ModuleCatalog.Aggregate(declaration: $0, extensions: extensions) }
    }
}
