/// Private modules: each one included draws a boundary around the bindings its `configure` (and
/// the modules it includes) declares.
///
/// A declaration made inside a boundary keeps its key but lives in the boundary's own key space,
/// so two private modules may bind the same key. A request of a declaration made inside a
/// boundary resolves in that boundary's key space first, then in each enclosing boundary's, then
/// in the component's public one (and, for a subcomponent, its ancestors' public ones): see
/// `ResolvedGraph+Boundaries.swift`.
///
/// `expose` adds a declaration of the key in the enclosing key space whose one request resolves
/// in the boundary alone: an alias, linked like any binding. Exposing a collection or a map moves
/// the boundary's contributions to the enclosing key space when the boundary's `configure` ends;
/// their own requests still resolve inside it.
extension GraphBuilder {
    /// One included private module.
    struct Boundary {
        /// The private module.
        let module: any Any.Type
        /// The enclosing boundary, or -1 when the private module is included outside any.
        let parent: Int32
        /// Where it was first included.
        let site: CallSite
        /// What it exposes, in the order of its `expose` calls.
        var exposures: [Exposure] = []
    }

    /// One `expose` call.
    struct Exposure {
        enum Kind {
            /// A single binding, made visible through an alias.
            case binding
            /// A collection's or a map's contributions, moved to the enclosing key space.
            case contributions
        }

        let key: BindingKey
        let kind: Kind
        let site: CallSite
        /// The module (or component) whose `configure` called `expose`.
        let module: any Any.Type
        /// The alias of a single binding; nil for contributions.
        var declaration: AnyDeclaration?
    }

    /// Where a declaration made inside a boundary belongs.
    struct DeclarationBoundary {
        /// The boundary whose key space holds its key: its own, or the enclosing one for an
        /// exposure and for exposed contributions (-1: the component's public key space).
        var keySpace: Int32
        /// The innermost boundary its requests resolve from.
        let resolvesIn: Int32
        /// Whether it is the alias an `expose` made, whose request resolves in `resolvesIn` only.
        let isExposure: Bool
    }

    /// Whether any private module is included.
    var hasBoundaries: Bool { !boundaries.isEmpty }

    /// Whether the private module is included already where a `configure` runs now: in the
    /// boundary that runs it (or outside all of them), or in one that encloses it.
    private func isIncludedHere(_ module: any Any.Type) -> Bool {
        if boundaries.contains(where: { $0.module == module && $0.parent == currentBoundary }) { return true }
        var enclosing = currentBoundary
        while enclosing >= 0 {
            let boundary = boundaries[Int(enclosing)]
            if boundary.module == module { return true }
            enclosing = boundary.parent
        }
        return false
    }

    /// Where a declaration belongs: nil for one made outside every private module.
    func boundary(of declaration: AnyDeclaration) -> DeclarationBoundary? {
        declarationBoundaries.isEmpty ? nil : declarationBoundaries[ObjectIdentifier(declaration)]
    }

    /// Runs a private module's `configure` inside a new boundary the first time it is included
    /// in a key space: by the component, or inside one private module. Including it inside two
    /// private modules makes two boundaries, each exposing to the module that includes it, as a
    /// plain module included in two private modules gives each its own bindings. A later include
    /// in the same key space, or inside itself, does nothing.
    func includePrivate(_ module: any Any.Type, site: CallSite, configure: () -> Void) {
        guard !isIncludedHere(module) else { return }
        let parent = currentBoundary
        boundaries.append(Boundary(module: module, parent: parent, site: site))
        let index = Int32(boundaries.count - 1)
        let start = declarations.count
        include(module, site: site) {
            currentBoundary = index
            configure()
            currentBoundary = parent
        }
        moveExposedContributions(of: index, declaredFrom: start)
    }

    /// Records a declaration made while a private module's `configure` runs.
    func placeInBoundary(_ declaration: AnyDeclaration) {
        declarationBoundaries[ObjectIdentifier(declaration)] = DeclarationBoundary(
            keySpace: currentBoundary, resolvesIn: currentBoundary, isExposure: false
        )
    }

    /// Makes the binding of `key` in the running private module visible where the module is
    /// included, through an alias linked from `recipe` (which takes the binding and returns it).
    func expose<T>(_ key: BindingKey, recipe: _BindingRecipe<T>) {
        guard currentBoundary >= 0 else {
            strayExposures.append(Exposure(key: key, kind: .binding, site: recipe.site, module: currentModule))
            return
        }
        let inside = currentBoundary
        add(recipe, key: key, site: recipe.site, isShared: false)
        guard let alias = declarations.last else { return }
        declarationBoundaries[ObjectIdentifier(alias)] = DeclarationBoundary(
            keySpace: boundaries[Int(inside)].parent, resolvesIn: inside, isExposure: true
        )
        boundaries[Int(inside)].exposures.append(
            Exposure(key: key, kind: .binding, site: recipe.site, module: currentModule, declaration: alias)
        )
    }

    /// Makes the running private module's contributions to the collection or map `key` join the
    /// one where the module is included.
    func exposeContributions(_ key: BindingKey, site: CallSite) {
        let exposure = Exposure(key: key, kind: .contributions, site: site, module: currentModule)
        guard currentBoundary >= 0 else {
            strayExposures.append(exposure)
            return
        }
        boundaries[Int(currentBoundary)].exposures.append(exposure)
    }

    /// Declares replacements (a test's overrides) inside a private module's boundary, so that
    /// they replace its private bindings; records the call, and declares nothing, when the
    /// component does not include the module.
    func declareInside(_ module: any Any.Type, site: CallSite, _ declare: () -> Void) {
        // Inside every boundary of the module: one per key space that includes it.
        let indices = boundaries.indices.filter { boundaries[$0].module == module }
        guard !indices.isEmpty else {
            unknownPrivateReplacements.append((module, site))
            return
        }
        let outer = currentBoundary
        for index in indices {
            currentBoundary = Int32(index)
            declare()
        }
        currentBoundary = outer
    }

    /// Moves the contributions a boundary exposes, made from the declaration at `start` on, to
    /// the enclosing key space.
    private func moveExposedContributions(of index: Int32, declaredFrom start: Int) {
        let exposed = boundaries[Int(index)].exposures.filter { $0.kind == .contributions }.map(\.key)
        guard !exposed.isEmpty, start < declarations.count else { return }
        let parent = boundaries[Int(index)].parent
        for declaration in declarations[start...] where declaration.role == .contribution && exposed.contains(declaration.key) {
            let id = ObjectIdentifier(declaration)
            if declarationBoundaries[id]?.keySpace == index {
                declarationBoundaries[id]?.keySpace = parent
            }
        }
    }
}
