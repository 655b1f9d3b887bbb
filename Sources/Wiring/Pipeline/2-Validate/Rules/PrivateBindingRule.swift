/// The boundaries of private modules: a request for a binding a private module keeps to itself,
/// an `expose` of something the private module does not bind, and an `expose` outside any
/// private module.
///
/// Runs only for a graph that includes a private module, or calls `expose` anyway.
enum PrivateBindingRule: GraphRule {
    static var kind: Diagnostic.Kind { .privateBinding }

    private typealias Requirement = ResolvedGraph.MissingRequest

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        let builder = graph.builder
        guard !builder.strayExposures.isEmpty || !builder.unknownPrivateReplacements.isEmpty || graph.hasBoundariesInPath else { return [] }
        return builder.unknownPrivateReplacements.map { unknownReplacement($0.module, $0.site, graph) }
            + builder.strayExposures.map { strayExposure($0, graph) } + unboundExposures(graph) + hiddenRequests(graph)
    }

    // MARK: - Requests from outside

    /// One diagnostic per key that requests from outside a private module cannot see.
    private static func hiddenRequests(_ graph: ResolvedGraph) -> [Diagnostic] {
        guard graph.hasMissingResolutions else { return [] }
        return graph.missingRequests { declaration, request in !graph.isExposure(declaration) && graph.isKeptPrivate(request.key) }
            .map { hidden($0.key, $0.requirements, graph) }
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    private static func hidden(_ key: BindingKey, _ requirements: [Requirement], _ graph: ResolvedGraph) -> Diagnostic {
        let name = key.displayName
        let seenFrom = requirements.first.flatMap { graph.builder.boundary(of: $0.requirer)?.resolvesIn } ?? -1
        // The bindings themselves, here and in the ancestors, not the aliases a nested private
        // module's `expose` makes.
        var kept: [(graph: ResolvedGraph, entry: Int, keeper: String)] = []
        var owner: ResolvedGraph? = graph
        while let current = owner {
            for entry in current.privateEntries(of: key)
            where !current.declarations(of: entry).allSatisfy({ current.isExposure(current.declarations[Int($0)]) }) {
                let space = keeper(of: current.entryKeySpace[entry], seenFrom: current === graph ? seenFrom : -1, current)
                kept.append((current, entry, TypeName.of(current.builder.boundaries[Int(space)].module)))
            }
            owner = current.parent
        }
        var modules: [String] = []
        for keeper in kept.map(\.keeper) where !modules.contains(keeper) {
            modules.append(keeper)
        }
        var lines = ["\(name) is kept private by \(listed(modules))."]
        for requirement in requirements {
            let parameter = TypeName.of(requirement.request.parameterType)
            let via = parameter == TypeName.of(key.type) ? "" : " (as \(parameter))"
            let place = requirement.requirer.location.map { " at \($0)" } ?? ""
            lines.append("  required by \(graph.requirerName(requirement.requirer))\(via)\(place)")
        }
        var first: AnyDeclaration?
        for (owner, entry, _) in kept {
            let module = owner.privateModule(of: entry).map(TypeName.of) ?? ""
            let component = owner === graph ? "" : " of \(owner.componentName)"
            for index in owner.declarations(of: entry) {
                let declaration = owner.declarations[Int(index)]
                first = first ?? declaration
                let inside = TypeName.of(declaration.declaringModule) == module ? "" : ", inside \(module)"
                lines.append("  bound privately \(owner.place(of: declaration))\(inside)\(component)")
            }
        }
        let call = first.map { exposeCall(key, contribution: $0.role == .contribution, isMap: $0.mapRole != nil) }
            ?? exposeCall(key, contribution: false, isMap: false)
        let whose = modules.count == 1 ? "of \(modules[0])" : "of one of \(listed(modules))"
        let ports = modules.count == 1 ? "a type \(modules[0]) exposes" : "a type one of them exposes"
        lines.append("  To fix this, expose it with \(call) in the configure(binder:) \(whose), or request \(ports) instead.")
        return Diagnostic(kind: .privateBinding, message: lines.joined(separator: "\n"), location: requirements.first?.requirer.location)
    }

    /// The private module that hides a key space from a request made in the key space
    /// `seenFrom` (-1: the public one): the outermost boundary around the key space that does not
    /// enclose the request too.
    @_optimize(none)
    private static func keeper(of space: Int32, seenFrom: Int32, _ graph: ResolvedGraph) -> Int32 {
        let boundaries = graph.builder.boundaries
        var enclosing: Set<Int32> = [-1]
        var walk = seenFrom
        while walk >= 0 {
            enclosing.insert(walk)
            walk = boundaries[Int(walk)].parent
        }
        var keeper = space
        while !enclosing.contains(boundaries[Int(keeper)].parent) {
            keeper = boundaries[Int(keeper)].parent
        }
        return keeper
    }

    // MARK: - Misplaced exposures

    /// An `expose` whose private module binds nothing of its key.
    private static func unboundExposures(_ graph: ResolvedGraph) -> [Diagnostic] {
        graph.builder.boundaries.flatMap { boundary in
            boundary.exposures.compactMap { exposure -> Diagnostic? in
                guard let alias = exposure.declaration, let index = graph.declarations.firstIndex(where: { $0 === alias }),
                      graph.resolutions(of: index).contains(where: { !$0.isSatisfied }) else { return nil }
                let module = TypeName.of(boundary.module)
                let name = exposure.key.displayName
                let tagged = exposure.key.tag.map { ".tagged(with: \(TypeName.metatypeExpression($0)))" } ?? ""
                let message = """
                    \(module) exposes \(name), but binds none.
                      exposed at \(exposure.site.location) in \(module)
                      To fix this, bind it in \(module) (or in a module it includes) with binder.bind(\(TypeName.metatypeExpression(exposure.key.type)))\(tagged).to(...), or remove the expose call.
                    """
                return Diagnostic(kind: .privateBinding, message: message, location: exposure.site.location)
            }
        }
    }

    /// An `expose` called outside any private module's `configure`: in a plain `Module`'s, or a
    /// component's.
    @_optimize(none)
    private static func strayExposure(_ exposure: GraphBuilder.Exposure, _ graph: ResolvedGraph) -> Diagnostic {
        let isMap = TypeName.dictionaryParts(TypeName.of(exposure.key.type)) != nil
        let call = exposeCall(exposure.key, contribution: exposure.kind == .contributions, isMap: isMap)
        let caller = TypeName.of(exposure.module)
        let isModule = exposure.module is any Module.Type
        let what = isModule ? "\(caller), a Module, not a PrivateModule" : "\(caller), a component"
        let fix = isModule
            ? "declare \(caller) as a PrivateModule so that it keeps its other bindings to itself, or remove the call: the bindings of a Module are visible everywhere"
            : "call it in the configure(binder:) of a PrivateModule, or remove it: the bindings of a component are visible everywhere"
        let message = """
            \(call) is called outside a private module, so it exposes nothing.
              called at \(exposure.site.location) in \(what)
              To fix this, \(fix).
            """
        return Diagnostic(kind: .privateBinding, message: message, location: exposure.site.location)
    }

    /// A test's replacements name a private module the component does not include.
    @_optimize(none)
    private static func unknownReplacement(_ module: any Any.Type, _ site: CallSite, _ graph: ResolvedGraph) -> Diagnostic {
        let name = TypeName.of(module)
        let included = graph.builder.boundaries.map { TypeName.of($0.module) }
        let has = included.isEmpty
            ? "includes no private module"
            : "includes only the private module\(included.count == 1 ? "" : "s") \(listed(included))"
        let message = """
            The replacements inside \(name) replace nothing: \(graph.componentName) does not include \(name), and \(has).
              replaced at \(site.location)
              To fix this, name a private module the component includes, or replace the binding outside inside(_:_:) when it is not private.
            """
        return Diagnostic(kind: .privateBinding, message: message, location: site.location)
    }

    // MARK: - Overrides

    /// Where an override that replaces nothing looked: ` inside GatewayModule` for one declared
    /// inside a private module, nothing for one declared outside.
    @_optimize(none)
    static func `where`(_ override: AnyDeclaration, _ graph: ResolvedGraph) -> String {
        guard let space = graph.builder.boundary(of: override)?.keySpace, space >= 0 else { return "" }
        return " inside \(TypeName.of(graph.builder.boundaries[Int(space)].module))"
    }

    /// The fix of an override declared outside the private modules that keep its key: declare it
    /// inside one of them. Nil when no private module binds the key.
    @_optimize(none)
    static func overrideFix(_ override: AnyDeclaration, _ graph: ResolvedGraph) -> String? {
        guard graph.builder.boundary(of: override) == nil else { return nil }
        let keepers = graph.privateEntries(of: override.key).compactMap(graph.privateModule(of:)).map(TypeName.of)
        guard let first = keepers.first else { return nil }
        return "replace it where \(listed(keepers)) \(keepers.count == 1 ? "keeps" : "keep") it private: declare the override in "
            + "binder.inside(\(first).self) { binder in ... } in the test's replacements"
    }

    // MARK: - Words

    /// The call that exposes a key: `binder.expose(HTTPClient.self)`,
    /// `binder.expose(tagged: BankURL.self)`, `binder.expose(collectionOf: (any Plugin).self)`,
    /// `binder.expose(map: [String: any Handler].self)`.
    @_optimize(none)
    static func exposeCall(_ key: BindingKey, contribution: Bool, isMap: Bool) -> String {
        let tag = key.tag.map(TypeName.metatypeExpression)
        if contribution, isMap {
            return "binder.expose(map: \(TypeName.metatypeExpression(key.type))\(tag.map { ", tagged: \($0)" } ?? ""))"
        }
        if contribution {
            let type = TypeName.of(key.type)
            let element = String(type.dropFirst().dropLast())
            let expression = element.hasPrefix("any ") ? "(\(element)).self" : "\(element).self"
            return "binder.expose(collectionOf: \(expression)\(tag.map { ", tagged: \($0)" } ?? ""))"
        }
        if let tag {
            return "binder.expose(tagged: \(tag))"
        }
        return "binder.expose(\(TypeName.metatypeExpression(key.type)))"
    }

    /// `A`, `A and B`, `A, B and C`.
    @_optimize(none)
    static func listed(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
