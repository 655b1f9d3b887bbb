/// Which types of the scanned modules are root components a generated test can name, and how it
/// names them.
extension RootTestGeneration {
    /// Wiring's protocol of root components, as a name without its module.
    static let rootProtocol = "RootComponent"

    /// One type or extension of a scanned module, with its place.
    struct Entry {
        var module: String
        var file: ScannedFile
        var type: ScannedType
        /// Its name in its module (`Roots.Nested`; for an extension, the extended type as
        /// written, without the module's name).
        var key: String
        /// The types and extensions it is nested in, innermost first.
        var ancestors: [ScannedType]
    }

    /// The types and extensions of the scanned modules, by `Module|Key`.
    struct Index {
        /// Declarations (not extensions), in file order: two for a name declared in two `#if`
        /// branches.
        var declarations: [String: [Entry]] = [:]
        var extensions: [String: [Entry]] = [:]
        var modules: Set<String> = []
        /// Whether each module declares a type named like itself.
        var shadowing: [String: Bool] = [:]
        /// The protocols that refine `RootComponent`, directly or through one another.
        var rootProtocols: Set<String> = []

        @_optimize(none)
        init(_ scanned: [(module: String, files: [ScannedFile])]) {
            for (module, files) in scanned {
                modules.insert(module)
                shadowing[module] = ModuleSelector.shadowsItself(module, files: files)
                for file in files {
                    for type in file.types {
                        var ancestors: [ScannedType] = []
                        var parent = type.parent
                        while let index = parent {
                            ancestors.append(file.types[index])
                            parent = file.types[index].parent
                        }
                        let entry = Entry(
                            module: module, file: file, type: type, key: GraphCheck.key(of: type, in: file, library: module), ancestors: ancestors
                        )
                        let id = RootTestGeneration.id(module, entry.key)
                        if type.kind == .extension {
                            extensions[id, default: []].append(entry)
                        } else {
                            declarations[id, default: []].append(entry)
                        }
                    }
                }
            }
            var changed = true
            while changed {
                changed = false
                for (id, entries) in declarations where !rootProtocols.contains(id) {
                    if entries.contains(where: { $0.type.kind == .protocol && inheritsRootComponent($0) }) {
                        rootProtocols.insert(id)
                        changed = true
                    }
                }
            }
        }

        /// Whether an entry inherits `RootComponent` or a protocol that refines it.
        @_optimize(none)
        func inheritsRootComponent(_ entry: Entry) -> Bool {
            entry.type.inheritance.contains { written in
                var name = GraphCheck.stripped(written, library: "")
                if let namespace = ModuleCatalog.wiringNamespaces.first(where: { name.hasPrefix($0) }) {
                    name.removeFirst(namespace.count)
                    return name == RootTestGeneration.rootProtocol
                }
                return name == RootTestGeneration.rootProtocol || resolve(written, from: entry.module).map(rootProtocols.contains) == true
            }
        }

        /// The `Module|Key` of the declaration that a type name written in `module` names: the
        /// module's own `Key`, else `Other.Key` of a scanned module `Other`, else the one `Key`
        /// of another module; nil when none is, or when several may be.
        @_optimize(none)
        func resolve(_ written: String, from module: String) -> String? {
            let name = GraphCheck.stripped(written, library: "")
            if declarations[RootTestGeneration.id(module, name)] != nil { return RootTestGeneration.id(module, name) }
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2, modules.contains(parts[0]), declarations[RootTestGeneration.id(parts[0], parts[1])] != nil {
                return RootTestGeneration.id(parts[0], parts[1])
            }
            let elsewhere = declarations.keys.filter { $0.hasSuffix("|" + name) }
            return elsewhere.count == 1 ? elsewhere.first : nil
        }

        /// The declaration a type name written in `module` names, among every scanned module.
        @_optimize(none)
        func declaration(named written: String, from module: String) -> Entry? {
            resolve(written, from: module).flatMap { declarations[$0]?.first }
        }

        /// Whether an entry is generic or nested in a generic type, which a test cannot name
        /// without type arguments.
        @_optimize(none)
        func isInAGenericContext(_ entry: Entry, depth: Int = 0) -> Bool {
            guard depth < 16 else { return false }
            if entry.type.isGeneric { return true }
            for ancestor in entry.ancestors {
                if ancestor.kind != .extension {
                    if ancestor.isGeneric { return true }
                    continue
                }
                // An extension of a type: generic when that type, or one it is nested in, is.
                if let extended = declaration(named: GraphCheck.stripped(ancestor.name, library: entry.module), from: entry.module),
                   isInAGenericContext(extended, depth: depth + 1) {
                    return true
                }
                return false
            }
            return false
        }
    }

    /// The key of a declaration of a module, as the index keeps it.
    @_optimize(none)
    static func id(_ module: String, _ key: String) -> String {
        module + "|" + key
    }

    /// The root components of scanned modules: types that inherit `RootComponent` (or a protocol
    /// of a scanned module that refines it), themselves or in an extension of their module, and
    /// are not generic or nested in a generic type, private, unavailable or SPI. A root under
    /// an `#if` of a flag or a setting of its target's own (`STAGING`, `swift(>=6)`), which the
    /// test target may not share, gets a warning rather than a test.
    ///
    /// - Parameters:
    ///   - modules: Each module's name and scanned files.
    ///   - tokens: Each module's tokens, by its name: a root that its sources validate with the
    ///     sibling rule is validated with it (see ``rootsAskingForTheSiblingRule(_:tokens:)``).
    /// - Returns: The roots, sorted by module and name, and the warnings.
    @_optimize(none)
    public static func roots(
        in modules: [(module: String, files: [ScannedFile])], tokens: [String: [[Token]]] = [:]
    ) -> (roots: [FoundRoot], warnings: [SourceProblem]) {
        let index = Index(modules)
        var found: [(id: String, root: FoundRoot)] = []
        var warnings: [SourceProblem] = []
        for id in index.declarations.keys.sorted() {
            for declaration in index.declarations[id] ?? [] where declaration.type.kind != .protocol {
                let sites = [declaration] + (index.extensions[id] ?? [])
                guard let conformance = sites.first(where: index.inheritsRootComponent) else { continue }
                switch testability(of: declaration, conformance: conformance, index: index) {
                case .none:
                    continue
                case let .leftOut(warning):
                    warnings.append(warning)
                case let .testable(root):
                    found.append((id, root))
                }
            }
        }
        let asking = rootsAskingForTheSiblingRule(index, tokens: tokens)
        for position in found.indices where asking.contains(found[position].id) {
            found[position].root.checksEveryRule = true
        }
        let roots = found.map(\.root).sorted {
            ($0.module, $0.name, $0.conditions.joined(separator: " && ")) < ($1.module, $1.name, $1.conditions.joined(separator: " && "))
        }
        return (roots, warnings)
    }

    /// What a generated test may do with a root component.
    enum Testability {
        /// It cannot name it (private, generic, unavailable, SPI), as the article says.
        case none
        /// It leaves it out, with a warning.
        case leftOut(SourceProblem)
        case testable(FoundRoot)
    }

    /// Whether a root's test can name it, and how.
    @_optimize(none)
    static func testability(of declaration: Entry, conformance: Entry, index: Index) -> Testability {
        var access = declaration.type.access
        for outer in declaration.ancestors {
            if ["private", "fileprivate"].contains(outer.access ?? "") { access = "private" }
            if outer.access == nil || outer.access == "internal" || outer.access == "package", access == "public" { access = "internal" }
        }
        let attributes = (declaration.ancestors + [declaration.type, conformance.type]).flatMap(\.attributes)
        guard !["private", "fileprivate"].contains(access ?? ""), !index.isInAGenericContext(declaration),
              !attributes.contains(where: { $0.hasPrefix("available") || $0.hasPrefix("_spi") }) else { return .none }
        let name = "\(declaration.module).\(declaration.key)"
        var conditions = declaration.type.conditions
        for condition in conformance.type.conditions where !conditions.contains(condition) {
            conditions.append(condition)
        }
        let flags = conditions.flatMap(ModuleCatalog.targetFlags)
        if !flags.isEmpty {
            // At the declaration, or at the conformance when only its `#if` tests them.
            let site = declaration.type.conditions.contains { !ModuleCatalog.targetFlags(in: $0).isEmpty } ? declaration : conformance
            return .leftOut(SourceProblem(
                file: site.file.path, line: site.type.line, column: site.type.column, severity: .warning,
                message: leftOutForFlags(root: name, flags: flags)
            ))
        }
        var root = FoundRoot(
            module: declaration.module, name: name, reference: "", isPublic: access == "public" || access == "open", conditions: conditions
        )
        root.reference = ModuleSelector.reference(
            to: declaration.key, in: declaration.module, shadowsItself: index.shadowing[declaration.module] ?? false
        )
        if let extended = declaration.ancestors.first(where: { $0.kind == .extension }),
           index.declarations[id(declaration.module, GraphCheck.stripped(extended.name, library: declaration.module))] == nil {
            // Nested in an extension of another module's type: named through that module.
            if let owner = index.declaration(named: GraphCheck.stripped(extended.name, library: declaration.module), from: declaration.module) {
                let inner = declaration.key.dropFirst(GraphCheck.stripped(extended.name, library: declaration.module).count)
                root.reference = ModuleSelector.reference(
                    to: owner.key + inner, in: owner.module, shadowsItself: index.shadowing[owner.module] ?? false
                )
                root.imports = [owner.module]
            } else {
                root.reference = declaration.key
                root.imports = declaration.file.imports
            }
        }
        return .testable(root)
    }

    /// The warning for a root left without a test because a flag or a setting of its target's
    /// own guards it.
    @_optimize(none)
    static func leftOutForFlags(root: String, flags: [String]) -> String {
        "the root component \(root) gets no generated test because \(ModuleCatalog.leftOutReason(flags: flags)), and "
            + "the test target may not share it. To test it, validate it in a test of a target built with the same swiftSettings, "
            + "with ComponentFactory.of(_:) or expectValidGraph from WiringTesting, or declare it under a condition that every "
            + "target shares (os(…), canImport(…), DEBUG)."
    }
}
