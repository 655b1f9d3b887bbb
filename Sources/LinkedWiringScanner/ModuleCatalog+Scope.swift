/// The scope of a module the catalog includes: its `typealias Scope`, the `Binder` its
/// `configure` takes, or what the library's module protocol or class it inherits fixes; a
/// typealias of the library that the name is (``aliases``) is followed.
extension ModuleCatalog {
    /// The scope of the module `key`, or the problem that says it cannot be told.
    @_optimize(none)
    func scope(
        of key: String, aggregate: Aggregate, conformance: Entry, moduleLike: Set<String>, all: [String: Aggregate], seen: Set<String>
    ) throws(SourceProblem) -> ModuleScope {
        let alias = aggregate.all.lazy.compactMap { entry in entry.type.scopeAlias.map { (entry, $0) } }.first
        let configure = aggregate.all.lazy.compactMap { entry in entry.type.configureBinder.map { (entry, $0) } }.first
        if let (entry, alias) = alias {
            guard let scope = scope(named: alias.type) else {
                throw SourceProblem(file: entry.file.path, line: alias.line, message: unknownScope(key, "typealias Scope = \(alias.type)"))
            }
            return scope
        }
        if let (entry, binder) = configure {
            if Self.namesItsOwnScope(binder.type) {
                // `Binder<Self.Scope>`: the scope a protocol or class of the library fixes
                // (`where Scope == SessionScope`), or else Module's default.
                return try inheritedScope(of: key, aggregate: aggregate, conformance: conformance, moduleLike: moduleLike, all: all, seen: seen)
                    ?? .unscoped
            }
            if let scope = scope(ofBinder: binder.type) { return scope }
            throw SourceProblem(file: entry.file.path, line: binder.line, message: unknownScope(key, "configure(binder: \(binder.type))"))
        }
        if let scope = try inheritedScope(of: key, aggregate: aggregate, conformance: conformance, moduleLike: moduleLike, all: all, seen: seen) {
            return scope
        }
        throw SourceProblem(
            file: conformance.file.path, line: conformance.type.line, column: conformance.type.column,
            message: "cannot find `static func configure(binder:)` or `typealias Scope` of the module \(library).\(key) in \(library)'s sources, so it cannot tell whether the module fits the root; declare them in the module's body or in an extension in \(library), or mark the module `// linked-wiring: exclude` and include it yourself"
        )
    }

    /// The scope of the library's module class or protocol that a module inherits, or nil when
    /// none tells it: a subclass of a module class inherits its configure, and a type that
    /// conforms to a protocol takes the one an extension of it declares, or the scope its
    /// `where Scope == …` fixes.
    @_optimize(none)
    private func inheritedScope(
        of key: String, aggregate: Aggregate, conformance: Entry, moduleLike: Set<String>, all: [String: Aggregate], seen: Set<String>
    ) throws(SourceProblem) -> ModuleScope? {
        for entry in aggregate.all {
            // A typealias of the library stands for what it names: `Module & FeatureModule`.
            for inherited in entry.type.inheritance.flatMap({ followedAlias($0) ?? [$0] }) {
                let name = normalized(inherited)
                guard let parentKey = moduleLike.first(where: { $0 == name || $0.hasSuffix("." + name) }),
                      !seen.contains(parentKey), let parent = all[parentKey] else { continue }
                do {
                    return try scope(of: parentKey, aggregate: parent, conformance: conformance, moduleLike: moduleLike, all: all, seen: seen.union([key]))
                } catch {
                    // A protocol without such an extension leaves the question to the module.
                    guard parent.declaration?.type.kind == .protocol else { throw error }
                }
            }
        }
        return nil
    }

    /// Whether a binder type is written with the module's own scope, `Binder<Self.Scope>`.
    @_optimize(none)
    static func namesItsOwnScope(_ written: String) -> Bool {
        ["Binder<Scope>", "Binder<Self.Scope>"].contains(stripNamespace(written))
    }

    @_optimize(none)
    private func unknownScope(_ key: String, _ written: String) -> String {
        "cannot tell the scope of the module \(library).\(key) from `\(written)`; spell it Binder<Unscoped>, Binder<Singleton> or Binder<SomeScope> (or typealias Scope = one of them), or mark the module `// linked-wiring: exclude` and include it yourself"
    }

    /// The scope of a binder type as written, or nil when it is not `Binder<…>` or `UnscopedBinder`.
    @_optimize(none)
    func scope(ofBinder written: String) -> ModuleScope? {
        let name = Self.stripNamespace(written)
        if name == "UnscopedBinder" { return .unscoped }
        guard name.hasPrefix("Binder<"), name.hasSuffix(">") else { return nil }
        let argument = String(name.dropFirst("Binder<".count).dropLast())
        if argument == "Scope" || argument == "Self.Scope" { return .unscoped }
        return scope(named: argument)
    }

    /// The scope a type name names, or nil when it is not a plain (possibly qualified) name. A
    /// typealias of the library (``aliases``), or a chain of them, that leads to `Unscoped`
    /// or `Singleton` names that scope; any other name is `.other`, as written.
    @_optimize(none)
    func scope(named written: String) -> ModuleScope? {
        guard let scope = Self.scope(plainNamed: written) else { return nil }
        guard case .other = scope else { return scope }
        switch Self.scope(plainNamed: followed(written)) {
        case .unscoped?: return .unscoped
        case .singleton?: return .singleton
        default: return scope
        }
    }

    /// Whether a scope name, followed through the library's typealiases, names a type of the
    /// library that conforms to `Scope`, in its declaration or an extension: a subcomponent's
    /// scope, whose modules are left out with no warning.
    @_optimize(none)
    func isScopeType(_ written: String, all: [String: Aggregate]) -> Bool {
        let name = normalized(followed(written))
        return all.contains { key, aggregate in
            guard key == name || key.hasSuffix("." + name) else { return false }
            return (aggregate.all + aggregate.otherDeclarations).contains { entry in
                entry.type.inheritance.contains { Self.stripNamespace($0) == "Scope" }
            }
        }
    }

    /// The name at the end of the chain of the library's typealiases (``aliases``) that
    /// starts at a plain name as written: the name itself when it is no such typealias.
    @_optimize(none)
    private func followed(_ written: String) -> String {
        var name = written
        var seen: Set<String> = []
        while Self.scope(plainNamed: name) != nil, let parts = aliases[normalized(name)], let target = parts.first, parts.count == 1,
              seen.insert(normalized(name)).inserted {
            name = target
        }
        return name
    }

    /// The scope a plain (possibly qualified) type name spells, without following typealiases:
    /// `.other` for any name but `Unscoped` and `Singleton`; nil when it is not such a name, or
    /// is the module's own `Scope`.
    @_optimize(none)
    private static func scope(plainNamed written: String) -> ModuleScope? {
        let name = stripNamespace(written)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "`" }) else { return nil }
        switch name {
        case "Unscoped": return .unscoped
        case "Singleton": return .singleton
        case "Scope", "Self.Scope": return nil
        default: return .other(name)
        }
    }

    /// A name as written without the Wiring namespace in front of it (`Wiring.`, `Cleanse.`, …).
    @_optimize(none)
    static func stripNamespace(_ written: String) -> String {
        var name = written
        if let namespace = wiringNamespaces.first(where: { name.hasPrefix($0) }) { name.removeFirst(namespace.count) }
        return name
    }
}
