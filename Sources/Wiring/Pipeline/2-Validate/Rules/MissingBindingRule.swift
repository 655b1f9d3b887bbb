/// A factory parameter that nothing in the component satisfies.
///
/// One diagnostic per missing key, listing everything that requires it, with the closest bound
/// names as suggestions.
enum MissingBindingRule: GraphRule {
    static var kind: Diagnostic.Kind { .missingBinding }

    private typealias Requirement = ResolvedGraph.MissingRequest

    static func diagnose(_ context: GraphRuleContext) -> [Diagnostic] {
        let graph = context.graph
        guard graph.hasMissingResolutions else { return [] }
        return graph.missingRequests { declaration, request in !graph.isReportedAtBoundary(declaration, request) }
            .map { diagnostic($0.key, $0.requirements, graph) }
    }

    // Cold: the marked functions write the message of a diagnostic, which runs only for an invalid
    // graph. `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md,
    // "Cold code, not optimised").
    @_optimize(none)
    private static func diagnostic(_ key: BindingKey, _ requirements: [Requirement], _ graph: ResolvedGraph) -> Diagnostic {
        if key.type == NilFactory.self {
            return nilFactory(requirements, graph)
        }
        if let whole = graph.singleValueBinding(of: key) {
            return providersOfWholeMap(key, whole, requirements, graph)
        }
        if let wrapper = key.type as? any DependencyWrapper.Type, wrapper.requestKind != .optional, key.tag == nil {
            return wrapperOfWrapper(key, requirements, graph)
        }
        let name = key.displayName
        var lines = ["Missing binding for \(name)."]
        for requirement in requirements {
            let parameter = TypeName.of(requirement.request.parameterType)
            let via = parameter == TypeName.of(key.type) ? "" : " (as \(parameter))"
            let place = requirement.requirer.location.map { " at \($0)" } ?? ""
            lines.append("  required by \(graph.requirerName(requirement.requirer))\(via)\(place)")
        }
        lines += hints(for: key, requiredBy: requirements, graph)
        lines.append("  To fix this, \(fix(for: key, graph)).")
        // The first requirer that has a location: the default root has none.
        let location = requirements.lazy.compactMap(\.requirer.location).first
        return Diagnostic(kind: .missingBinding, message: lines.joined(separator: "\n"), location: location)
    }

    /// The same type bound under another tag, or a bound type with a similar name; never what
    /// requires the missing key, which taking would make a cycle.
    @_optimize(none)
    private static func hints(for key: BindingKey, requiredBy requirements: [Requirement], _ graph: ResolvedGraph) -> [String] {
        // By entry, not by key: a root that is not the binding of its type shares its key with
        // a binding that it is not, and that binding may well be the one to take.
        let requirers = Set(requirements.map { ObjectIdentifier($0.requirer) })
        let declarations = graph.entries.indices.filter { entry in
            graph.isPublic(entry) && !graph.declarations(of: entry).contains { requirers.contains(ObjectIdentifier(graph.declarations[Int($0)])) }
        }.map { graph.firstDeclaration(of: graph.entries[$0]) }
        let sameType = declarations.filter { $0.key.type == key.type && $0.key != key }
        if !sameType.isEmpty {
            return sameType.map { declaration in
                let binding = declaration.key.tag.map { "tagged \(TypeName.of($0))" } ?? "without a tag"
                let request = declaration.key.tag.map { "TaggedProvider<\(TypeName.of($0))>" } ?? TypeName.of(declaration.key.type)
                return "  \(TypeName.of(key.type)) is bound \(binding) \(graph.place(of: declaration)); to use that binding, request \(request)."
            }
        }
        let requested = TypeName.of(key.type)
        if let optional = declarations.first(where: { isOptional($0.key, of: key) }) {
            return [
                "  \(TypeName.of(optional.key.type)), an optional, is bound \(graph.place(of: optional)): its factory returns an optional, "
                    + "as a failable initialiser such as init?(coder:) does, so it binds \(TypeName.of(optional.key.type)) and not \(requested)."
            ]
        }
        guard let suggestion = NameSuggestion.closest(to: requested, among: declarations.map { TypeName.of($0.key.type) }) else {
            return []
        }
        let declaration = declarations[suggestion]
        return ["  Did you mean \(proseName(of: declaration.key))? It is bound \(graph.place(of: declaration))."]
    }

    /// Whether `bound` is `T?` of the requested `T`, with the same tag: what a factory that
    /// returns an optional binds, such as `to(factory: LoginViewController.init)` when Swift
    /// picks UIKit's `init?(coder:)`.
    @_optimize(none)
    private static func isOptional(_ bound: BindingKey, of requested: BindingKey) -> Bool {
        guard bound.tag == requested.tag, let wrapper = bound.type as? any DependencyWrapper.Type,
              wrapper.requestKind == .optional else { return false }
        return wrapper.wrappedKey.type == requested.type
    }

    /// A key's name where a question mark follows it: an optional is spelled `Optional<T>`, so
    /// that "Did you mean T??" does not read as a typo.
    @_optimize(none)
    private static func proseName(of key: BindingKey) -> String {
        guard let wrapper = key.type as? any DependencyWrapper.Type, wrapper.requestKind == .optional else {
            return key.displayName
        }
        let name = "Optional<\(TypeName.of(wrapper.wrappedKey.type))>"
        return key.tag.map { "\(name) tagged \(TypeName.of($0))" } ?? name
    }

    @_optimize(none)
    private static func fix(for key: BindingKey, _ graph: ResolvedGraph) -> String {
        let component = graph.componentName
        let type = TypeName.of(key.type)
        let tagged = key.tag.map { ".tagged(with: \(TypeName.metatypeExpression($0)))" } ?? ""
        if let (keyType, valueType) = TypeName.dictionaryParts(type) {
            let tagArgument = key.tag.map { ", tagged: \(TypeName.metatypeExpression($0))" } ?? ""
            return "contribute to it with binder.bind(\(expression(valueType))).intoMap(key: ...)\(tagged).to(...) "
                + "in a module that \(component) includes, or include the module that contributes to it; "
                + "if the map may have no entries, declare it with binder.declareMap([\(keyType): \(valueType)].self\(tagArgument))"
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            let element = String(type.dropFirst().dropLast())
            return "contribute to it with binder.bind(\(expression(element))).intoCollection()\(tagged).to(...) "
                + "in a module that \(component) includes, or include the module that contributes to it"
        }
        if key.tag == nil, let factory = key.type as? any SubcomponentFactoryKey.Type {
            // The factory of a subcomponent, however the parameter takes it: what installing the
            // subcomponent binds.
            return "install \(TypeName.of(factory.componentType)) with binder.install(dependency: "
                + "\(TypeName.metatypeExpression(factory.componentType))) in a module that \(component) includes, "
                + "or include the module that installs it"
        }
        let declarations = graph.entries.indices.filter(graph.isPublic).map { graph.firstDeclaration(of: graph.entries[$0]) }
        if let optional = declarations.first(where: { isOptional($0.key, of: key) }) {
            let module = TypeName.of(optional.declaringModule)
            let factory = type.hasPrefix("any ") ? "..." : "factory: \(type).init"
            let taken = type.hasPrefix("any ") ? "(\(type))?" : "\(type)?"
            return "name the type where \(module) binds the optional, binder.bind(\(TypeName.metatypeExpression(key.type)))\(tagged)"
                + ".to(\(factory)), so that Swift picks an initialiser that does not fail; "
                + "or take \(taken) as the parameter, which is nil when the factory fails"
        }
        return "bind it with binder.bind(\(TypeName.metatypeExpression(key.type)))\(tagged).to(...) "
            + "in a module that \(component) includes, or include the module that binds it"
    }

    /// The metatype expression of a type name: `(any Handler).self`, `Plugin.self`.
    @_optimize(none)
    private static func expression(_ name: String) -> String {
        name.hasPrefix("any ") ? "(\(name)).self" : "\(name).self"
    }

    /// `to(factory: nil)`: the terminals take an optional factory (see `_BindingRecipe.nilFactory`).
    @_optimize(none)
    private static func nilFactory(_ requirements: [Requirement], _ graph: ResolvedGraph) -> Diagnostic {
        var lines = ["The factory given to to(factory:) is nil, so nothing makes the value."]
        for requirement in requirements {
            let place = requirement.requirer.location.map { " at \($0)" } ?? ""
            lines.append("  binding \(graph.requirerName(requirement.requirer))\(place)")
        }
        lines.append("  To fix this, pass a function; to(factory:) takes an optional only so that an overloaded initialiser resolves as it does with Cleanse.")
        return Diagnostic(kind: .missingBinding, message: lines.joined(separator: "\n"), location: requirements.first?.requirer.location)
    }

    /// `[K: Provider<V>]` of a map bound as a single value, which has no entries to provide.
    @_optimize(none)
    private static func providersOfWholeMap(
        _ key: BindingKey, _ whole: AnyDeclaration, _ requirements: [Requirement], _ graph: ResolvedGraph
    ) -> Diagnostic {
        let name = key.displayName
        let value = TypeName.dictionaryParts(TypeName.of(key.type))?.value ?? "V"
        var lines = ["\(name) is bound as a single value, so it has no entries to give one provider each."]
        for requirement in requirements {
            let place = requirement.requirer.location.map { " at \($0)" } ?? ""
            lines.append("  required by \(graph.requirerName(requirement.requirer)) (as \(TypeName.of(requirement.request.parameterType)))\(place)")
        }
        lines.append("  bound as a single value \(graph.place(of: whole))")
        lines.append(
            "  To fix this, take \(name) or Provider<\(name)>, or contribute each entry with "
                + "binder.bind(\(expression(value))).intoMap(key: ...) instead of binding the whole map."
        )
        return Diagnostic(kind: .missingBinding, message: lines.joined(separator: "\n"), location: requirements.first?.requirer.location)
    }

    /// A wrapper of a wrapper, `Provider<Lazy<T>>` or `Provider<[K: Provider<V>]>`: a wrapper
    /// reaches a binding, and a wrapper is not one.
    @_optimize(none)
    private static func wrapperOfWrapper(_ key: BindingKey, _ requirements: [Requirement], _ graph: ResolvedGraph) -> Diagnostic {
        let name = TypeName.of(key.type)
        var lines = ["Nothing binds \(name), which is itself a wrapper: a wrapper such as Provider or Lazy cannot wrap another."]
        for requirement in requirements {
            let place = requirement.requirer.location.map { " at \($0)" } ?? ""
            lines.append("  required by \(graph.requirerName(requirement.requirer)) (as \(TypeName.of(requirement.request.parameterType)))\(place)")
        }
        lines.append("  To fix this, take \(name) itself as the parameter, or wrap the bound type it reaches instead.")
        return Diagnostic(kind: .missingBinding, message: lines.joined(separator: "\n"), location: requirements.first?.requirer.location)
    }
}
