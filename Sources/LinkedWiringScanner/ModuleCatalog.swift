/// Decides, from the scanned files of one wiring library, which of its modules `LinkedWiring`
/// includes.
///
/// A type is a module when it, or one of its extensions in the library, inherits `Module` (also
/// spelled `Wiring.Module`, `Cleanse.Module`, `ScopedModule`) or a protocol or class of the
/// library that does (a protocol also through `where Self: Module`), or a typealias of the
/// library that names one of those, alone or in a composition (`Module & Sendable`). It is included when it is public (and so are the types it is nested in),
/// not generic, not deprecated, unavailable everywhere or SPI, not marked `// linked-wiring:
/// exclude`, and its scope is `Unscoped` or `Singleton` (or a typealias of the library that
/// names one). One unavailable on a platform is included under `#if !os(…)`. One whose scope
/// is a scope type of the library belongs to that subcomponent; one whose scope it cannot read
/// is left out with a warning (ModuleCatalog+ScopeWarning.swift).
public struct ModuleCatalog {
    let library: String
    private let files: [ScannedFile]
    private var entries: [Entry] = []
    private var keys: [Int: String] = [:]
    /// The library's top-level typealiases that the reading is sure of, and whose name no other
    /// typealias or type of the library has (which code nested in a type could mean instead),
    /// by name: what each stands for, its target (`[Wiring.Module]`) or the parts of the
    /// composition it names (`[Module, Sendable]`). Conformances and scopes follow them.
    private(set) var aliases: [String: [String]] = [:]
    /// The modules that a `configure` of the library includes, as written (`SignatureModule`).
    private var includedByTheLibrary: Set<String> = []
    /// Whether the library declares a top-level type or typealias named like itself, which
    /// shadows the library's name wherever the library is imported, and in the library itself.
    private let shadowsItself: Bool

    /// One type or extension, with its place in the library.
    struct Entry {
        var type: ScannedType
        var file: ScannedFile
        var id: Int
        var parentID: Int?
    }

    /// Everything known about one type of the library, or of another module that the library
    /// extends.
    struct Aggregate {
        var declaration: Entry?
        /// The further declarations of its name, after the first: Swift builds one of them, each
        /// is in another `#if` branch (see ``branches``).
        var otherDeclarations: [Entry] = []
        var extensions: [Entry] = []

        var all: [Entry] { (declaration.map { [$0] } ?? []) + extensions }
    }

    private static let moduleProtocols: Set<String> = ["Module", "ScopedModule", "PrivateModule"]
    static let wiringNamespaces = ["WiringCleanse.Cleanse.", "WiringCleanse.", "Wiring.Cleanse.", "Wiring.", "Cleanse."]

    /// Classifies the modules of one library.
    ///
    /// - Parameters:
    ///   - library: The library's Swift module name.
    ///   - files: Its scanned files.
    /// - Returns: The plan for this library alone, or the problems that make the library's
    ///   modules impossible to decide.
    @_optimize(none)
    public static func plan(library: String, files: [ScannedFile]) -> (plan: LinkedWiringPlan, problems: [SourceProblem]) {
        var catalog = ModuleCatalog(library: library, files: files)
        return catalog.run()
    }

    @_optimize(none)
    private init(library: String, files: [ScannedFile]) {
        self.library = library
        self.files = files
        shadowsItself = ModuleSelector.shadowsItself(library, files: files)
        var offset = 0
        var aliasCounts: [String: Int] = [:]
        var typeNames: Set<String> = []
        for file in files {
            for alias in file.aliases {
                aliasCounts[alias.name, default: 0] += 1
            }
            for type in file.types where type.kind != .extension {
                typeNames.insert(type.name)
            }
            for alias in file.aliases where alias.isTopLevel && !alias.isUnsure {
                if let parts = alias.target.map({ [$0] }) ?? alias.composition { aliases[alias.name] = parts }
            }
            for type in file.types {
                for call in type.configureBody?.read.calls ?? [] {
                    if case let .include(name) = call.kind { includedByTheLibrary.insert(normalized(name)) }
                }
            }
            for (index, type) in file.types.enumerated() {
                entries.append(Entry(type: type, file: file, id: offset + index, parentID: type.parent.map { offset + $0 }))
            }
            offset += file.types.count
        }
        aliases = aliases.filter { aliasCounts[$0.key] == 1 && !typeNames.contains($0.key) }
    }

    // MARK: - Names

    /// A type name as written, without generic arguments and without this library's name; in a
    /// library that shadows itself, `Library.Name` is its type `Library`'s `Name`, kept whole.
    @_optimize(none)
    func normalized(_ written: String) -> String {
        shadowsItself ? GraphCheck.stripped(written, library: "") : GraphCheck.stripped(written, library: library)
    }

    @_optimize(none)
    private func key(of entry: Entry) -> String {
        if entry.type.kind == .extension { return normalized(entry.type.name) }
        guard let parentID = entry.parentID else { return entry.type.name }
        return key(of: entries[parentID]) + "." + entry.type.name
    }

    @_optimize(none)
    private mutating func run() -> (plan: LinkedWiringPlan, problems: [SourceProblem]) {
        var aggregates: [String: Aggregate] = [:]
        for entry in entries {
            let key = key(of: entry)
            keys[entry.id] = key
            if entry.type.kind == .extension {
                aggregates[key, default: Aggregate()].extensions.append(entry)
            } else if aggregates[key]?.declaration == nil {
                aggregates[key, default: Aggregate()].declaration = entry
            } else {
                aggregates[key, default: Aggregate()].otherDeclarations.append(entry)
            }
        }
        let moduleLike = moduleLikeKeys(aggregates)
        var plan = LinkedWiringPlan()
        var problems: [SourceProblem] = []
        for key in aggregates.keys.sorted() {
            guard let whole = aggregates[key] else { continue }
            for aggregate in whole.branches {
                guard aggregate.declaration?.type.kind != .protocol,
                      let conformance = aggregate.all.first(where: { inheritsModule($0.type, moduleLike) }) else { continue }
                do throws(SourceProblem) {
                    switch try decide(key: key, aggregate: aggregate, conformance: conformance, moduleLike: moduleLike, all: aggregates) {
                    case let .included(module): plan.included.append(module)
                    case let .leftOut(reason, flagWarning, scopeIsUnread):
                        plan.leftOut.append(LeftOutModule(
                            name: "\(library).\(key)", location: location(of: conformance), reason: reason, scopeIsUnread: scopeIsUnread
                        ))
                        var warning: SourceProblem?
                        if let flagWarning {
                            let declaration = aggregate.declaration ?? conformance
                            warning = SourceProblem(
                                file: declaration.file.path, line: declaration.type.line, column: declaration.type.column,
                                severity: .warning, message: flagWarning
                            )
                        } else {
                            warning = accessWarning(key: key, aggregate: aggregate, conformance: conformance, moduleLike: moduleLike, all: aggregates)
                        }
                        // Two branches left out for one reason get one warning, at the first.
                        if let warning, !plan.warnings.contains(where: { $0.message == warning.message }) { plan.warnings.append(warning) }
                    }
                } catch {
                    problems.append(error)
                }
            }
        }
        plan.warnings += lookalikeWarnings(aggregates, moduleLike: moduleLike)
        return (plan, problems)
    }

    /// The keys of the library's protocols and classes that are modules, directly or through
    /// each other.
    @_optimize(none)
    private func moduleLikeKeys(_ aggregates: [String: Aggregate]) -> Set<String> {
        var found: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (key, aggregate) in aggregates where !found.contains(key) {
                if (aggregate.all + aggregate.otherDeclarations).contains(where: { inheritsModule($0.type, found) }) {
                    found.insert(key)
                    changed = true
                }
            }
        }
        return found
    }

    @_optimize(none)
    func inheritsModule(_ type: ScannedType, _ moduleLike: Set<String>) -> Bool {
        type.inheritance.contains { isModuleName($0, moduleLike) }
    }

    @_optimize(none)
    func isModuleName(_ written: String, _ moduleLike: Set<String>, followingAliases: Bool = true) -> Bool {
        if followingAliases, let names = followedAlias(written) {
            return names.contains { isModuleName($0, moduleLike, followingAliases: false) }
        }
        var name = normalized(written)
        if let namespace = Self.wiringNamespaces.first(where: { name.hasPrefix($0) }) {
            name.removeFirst(namespace.count)
            return Self.moduleProtocols.contains(name)
        }
        return Self.moduleProtocols.contains(name) || moduleLike.contains(name) || moduleLike.contains { $0.hasSuffix("." + name) }
    }

    /// What an inherited name that is a typealias of the library stands for: its target
    /// (`typealias WiringModule = Wiring.Module`), or the parts of the composition it names
    /// (`typealias SendableModule = Module & Sendable`), which a conformer inherits each of;
    /// nil when it is none the catalog follows.
    @_optimize(none)
    func followedAlias(_ written: String) -> [String]? {
        aliases[normalized(written)]
    }

    /// Whether an inherited name is one the catalog can follow: a typealias it follows, or a
    /// type the library declares.
    @_optimize(none)
    func isFollowed(_ written: String, all: [String: Aggregate]) -> Bool {
        let name = normalized(written)
        return followedAlias(name) != nil || all[name]?.declaration != nil
    }

    // MARK: - Deciding

    private enum Decision {
        case included(IncludedModule)
        /// Left out, and why; with the warning to print at the module, if any, and whether its
        /// scope is one the scan cannot read.
        case leftOut(String, warning: String? = nil, scopeIsUnread: Bool = false)
    }

    @_optimize(none)
    private func decide(
        key: String, aggregate: Aggregate, conformance: Entry, moduleLike: Set<String>, all: [String: Aggregate],
        ignoringAccess: Bool = false
    ) throws(SourceProblem) -> Decision {
        let chain = ancestry(of: aggregate.declaration ?? conformance, all: all)
        if !ignoringAccess, let hidden = chain.first(where: { !isPublic($0, all: all) }) {
            let what = hidden.id == (aggregate.declaration ?? conformance).id ? "it is not public" : "\(keys[hidden.id] ?? hidden.type.name) is not public"
            return .leftOut(what)
        }
        if chain.contains(where: { $0.type.isGeneric || (keys[$0.id].flatMap { all[$0]?.declaration?.type.isGeneric } ?? false) }) {
            return .leftOut("it is generic; include it yourself with its type arguments")
        }
        let sites = chain + [conformance]
        let attributes = sites.flatMap(\.type.attributes)
        if attributes.contains(where: { $0.hasPrefix("_spi(") }) {
            return .leftOut("it is SPI")
        }
        if aggregate.all.contains(where: \.type.isExcluded) {
            return .leftOut("it is marked // linked-wiring: exclude")
        }
        var availability: [String] = []
        var unavailableWhere: [String] = []
        for attribute in attributes where attribute.hasPrefix("available(") {
            switch try Self.availability(attribute, file: conformance.file.path, line: conformance.type.line, column: conformance.type.column) {
            case let .leftOut(reason): return .leftOut(reason)
            case let .unavailable(where: condition):
                if !unavailableWhere.contains(condition) { unavailableWhere.append(condition) }
            case let .platforms(platforms):
                for platform in platforms {
                    let name = platform.prefix { $0 != " " }
                    availability.removeAll { $0.prefix { $0 != " " } == name }
                    availability.append(platform)
                }
            }
        }
        let scope = try self.scope(of: key, aggregate: aggregate, conformance: conformance, moduleLike: moduleLike, all: all, seen: [])
        if case let .other(name) = scope {
            if isScopeType(name, all: all) {
                return .leftOut("its scope is \(name): include it in the subcomponent of that scope")
            }
            // One that another module of the library includes reaches the root through that one.
            guard !isIncludedByTheLibrary(key) else { return .leftOut(Self.unreadScopeReason(name)) }
            return .leftOut(
                Self.unreadScopeReason(name), warning: leftOutForUnreadScope(module: "\(library).\(key)", scope: name), scopeIsUnread: true
            )
        }
        var conditions: [String] = []
        for condition in sites.flatMap(\.type.conditions) where !conditions.contains(condition) {
            conditions.append(condition)
        }
        let flags = conditions.flatMap(Self.targetFlags)
        if !flags.isEmpty {
            return .leftOut(Self.leftOutReason(flags: flags), warning: Self.leftOutForFlags(module: "\(library).\(key)", flags: flags))
        }
        conditions += unavailableWhere.map { "!" + $0 }
        let isForeign = aggregate.declaration == nil
            || chain.contains { $0.type.kind == .extension && all[keys[$0.id] ?? ""]?.declaration == nil }
        let reference: String
        if isForeign {
            reference = key
        } else {
            // `CoreWiring.CoreModule` would be a member of a type `CoreWiring`.
            reference = ModuleSelector.reference(to: key, in: library, shadowsItself: shadowsItself)
        }
        return .included(IncludedModule(
            library: library, reference: reference, scope: scope, conditions: conditions, availability: availability,
            imports: isForeign ? conformance.file.imports : []
        ))
    }

    /// The warning for a module left out only because it, or a type it is nested in, is
    /// `internal` or `package`: one that would be included if it were public, with no
    /// `private` or `fileprivate` around it and no `// linked-wiring: exclude` on it.
    @_optimize(none)
    private func accessWarning(
        key: String, aggregate: Aggregate, conformance: Entry, moduleLike: Set<String>, all: [String: Aggregate]
    ) -> SourceProblem? {
        let declaration = aggregate.declaration ?? conformance
        // A module of the library that another includes reaches the root through that one.
        guard !isIncludedByTheLibrary(key) else { return nil }
        let chain = ancestry(of: declaration, all: all)
        guard let hidden = chain.first(where: { !isPublic($0, all: all) }),
              !(chain + aggregate.all).contains(where: \.type.isExcluded) else { return nil }
        let levels = chain.map(writtenAccess)
        guard !levels.contains(where: { $0 == "private" || $0 == "fileprivate" }) else { return nil }
        let access = writtenAccess(hidden)
        guard access == "package" || access == "internal" || access == nil else { return nil }
        let ifPublic = try? decide(key: key, aggregate: aggregate, conformance: conformance, moduleLike: moduleLike, all: all, ignoringAccess: true)
        guard case .included? = ifPublic else { return nil }
        let hiddenKey = keys[hidden.id] ?? hidden.type.name
        return SourceProblem(
            file: declaration.file.path, line: declaration.type.line, column: declaration.type.column, severity: .warning,
            message: Self.leftOutForAccess(
                module: "\(library).\(key)", access: access, enclosing: hidden.id == declaration.id ? nil : hiddenKey
            )
        )
    }

    /// Whether a `configure` of the library includes the module `key`, as it writes its name.
    @_optimize(none)
    func isIncludedByTheLibrary(_ key: String) -> Bool {
        includedByTheLibrary.contains(key) || includedByTheLibrary.contains(normalized(key))
    }

    /// The access level written on an entry, or the one of the extension it is directly in;
    /// nil when neither writes one.
    @_optimize(none)
    private func writtenAccess(_ entry: Entry) -> String? {
        if let access = entry.type.access { return access }
        guard entry.type.kind != .extension, let parentID = entry.parentID, entries[parentID].type.kind == .extension else { return nil }
        return entries[parentID].type.access
    }

    /// The entry and the types and extensions it is nested in, innermost first.
    @_optimize(none)
    func ancestry(of entry: Entry, all: [String: Aggregate]) -> [Entry] {
        var chain = [entry]
        var current = entry
        while let parentID = current.parentID {
            current = entries[parentID]
            chain.append(current)
            if current.type.kind == .extension, let declaration = all[keys[current.id] ?? ""]?.declaration {
                chain.append(contentsOf: ancestry(of: declaration, all: all))
                break
            }
        }
        return chain
    }

    /// Whether an entry is visible outside the library, on its own: a type whose access is
    /// `public` or `open` (or unwritten inside a `public extension`), or any extension.
    @_optimize(none)
    func isPublic(_ entry: Entry, all: [String: Aggregate]) -> Bool {
        if entry.type.kind == .extension { return true }
        if let access = entry.type.access { return access == "public" || access == "open" }
        guard let parentID = entry.parentID else { return false }
        let parent = entries[parentID]
        return parent.type.kind == .extension && (parent.type.access == "public" || parent.type.access == "open")
    }

    @_optimize(none)
    private func location(of entry: Entry) -> String {
        "\(Self.shortPath(entry.file.path)):\(entry.type.line)"
    }

    /// `Folder/File.swift`: the last two components, as `#fileID` names a file.
    @_optimize(none)
    public static func shortPath(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }
}

