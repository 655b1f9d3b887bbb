/// How diagnostics name the pieces of a graph.
extension ResolvedGraph {
    /// The component, by name.
    var componentName: String { TypeName.of(builder.component) }

    /// What a declaration provides, as a requirer: `ATMDepositer`, `a contribution to [Plugin]`,
    /// `the entry "home" of [String: any Handler]`,
    /// `ATMDepositer, the root of ApplicationRootComponent`.
    func requirerName(_ declaration: AnyDeclaration) -> String {
        switch declaration.role {
        case .unique, .seed: declaration.key.displayName
        case .contribution:
            if let key = declaration.mapKey {
                "the entry \(key.text) of \(declaration.key.displayName)"
            } else {
                "a contribution to \(declaration.key.displayName)"
            }
        case .root where declaration.isDefaultRoot:
            "\(declaration.key.displayName), the root of \(componentName) (the default configureRoot takes it from the graph)"
        case .root: "\(declaration.key.displayName), the root of \(componentName)"
        }
    }

    // Cold: words of diagnostic messages, for an invalid graph only. `@_optimize(none)` here and
    // below keeps the optimiser off it (Benchmarks/README.md, "Cold code, not optimised").
    /// A declaration's name as the subject of a sentence: ``requirerName(_:)``, and a comma
    /// after the root's, whose name ends with an apposition (`ATMDepositer, the root of
    /// ApplicationRootComponent, takes ...`).
    @_optimize(none)
    func subjectName(_ declaration: AnyDeclaration) -> String {
        declaration.role == .root ? requirerName(declaration) + "," : requirerName(declaration)
    }

    /// Where a declaration was made: `at File.swift:12 in SomeModule`, `as the Seed of
    /// SomeComponent`, or, for the root the default `configureRoot` takes from the graph, which
    /// has no location (``AnyDeclaration/location``), `by the default configureRoot of
    /// SomeComponent`.
    @_optimize(none)
    func place(of declaration: AnyDeclaration) -> String {
        guard let location = declaration.location else {
            return declaration.isDefaultRoot ? "by the default configureRoot of \(componentName)" : "as the Seed of \(componentName)"
        }
        let module = declaration.declaringModule
        return "at \(location) in \(TypeName.of(module))"
    }
}
