extension GraphCheck {
    /// A type's name in its library, as `ModuleCatalog` keys it: nested names joined by `.`, an
    /// extension by the type it extends, without the library's own name or generic arguments.
    @_optimize(none)
    static func key(of type: ScannedType, in file: ScannedFile, library: String) -> String {
        var name = type.kind == .extension ? stripped(type.name, library: library) : type.name
        var parent = type.parent
        while let index = parent {
            let outer = file.types[index]
            if outer.kind == .extension {
                name = stripped(outer.name, library: library) + "." + name
                break
            }
            name = outer.name + "." + name
            parent = outer.parent
        }
        return name
    }

    @_optimize(none)
    static func stripped(_ written: String, library: String) -> String {
        var text = ""
        var depth = 0
        for character in written {
            if character == "<" { depth += 1 }
            if depth == 0 { text.append(character) }
            if character == ">" { depth -= 1 }
        }
        if text.hasPrefix(library + ".") { text.removeFirst(library.count + 1) }
        return text
    }

    /// The declaration a type name written in `library` names, as `Module.Name` (`any
    /// Module.Name` for an existential): nil unless exactly one top-level type of the library or
    /// of the core libraries it sees has that name, and no typealias or nested type could be it.
    @_optimize(none)
    func resolve(_ written: String, library: String) -> String? {
        let memoKey = library + "\u{0}" + written
        if let known = memo.resolved[memoKey] { return known }
        let resolved = computeResolve(written, library: library)
        memo.resolved[memoKey] = .some(resolved)
        return resolved
    }

    @_optimize(none)
    private func computeResolve(_ written: String, library: String) -> String? {
        var name = written
        var prefix = ""
        if name.hasPrefix("any ") {
            name.removeFirst(4)
            prefix = "any "
        }
        var components = name.split(separator: ".").map(String.init)
        guard let first = components.first, !first.isEmpty else { return nil }
        let visible = [library] + (dependencies[library] ?? [])
        var module: String?
        if visible.contains(first), components.count > 1 {
            // A type named like the module hides it in a file that imports the type's module
            // (`Storage.Outbox` is `Mail.Storage.Outbox` where `Mail` declares `Storage`).
            if visible.contains(where: { names[$0]?[first] != nil }) { return nil }
            module = first
            components.removeFirst()
        }
        guard let head = components.first else { return nil }
        var owners: [String] = []
        for candidate in visible {
            // A library the checks could not read, or do not know, might declare the name.
            guard let index = names[candidate] else { return nil }
            guard module == nil || module == candidate, let entry = index[head] else { continue }
            if entry.isShadowed { return nil }
            owners += Array(repeating: candidate, count: entry.topLevel)
        }
        guard owners.count == 1, let owner = owners.first else { return nil }
        return prefix + owner + "." + components.joined(separator: ".")
    }

    /// ``resolve(_:library:)`` for a name written in a file of `library` that imports
    /// `imports`: nil when the declaration belongs to a module the file does not import. A type
    /// of another module is visible only where its module is imported, and the same name
    /// elsewhere is another type (Foundation's `Calendar`, not a core library's). A module that
    /// re-exports another (`@_exported import`) is not followed: the checks then stand down,
    /// which costs a check and never gives a false error.
    @_optimize(none)
    func resolve(_ written: String, library: String, seenWith imports: [String]) -> String? {
        guard let key = resolve(written, library: library) else { return nil }
        var name = Substring(key)
        if name.hasPrefix("any ") { name = name.dropFirst(4) }
        guard let owner = name.split(separator: ".").first.map(String.init) else { return nil }
        return owner == library || imports.contains(owner) ? key : nil
    }

    /// What a module declares under one name.
    public struct NameEntry: Equatable, Sendable {
        /// How many top-level types (not extensions) have the name.
        public var topLevel = 0
        /// Whether a typealias or a nested type has it too, which a name written in a wiring
        /// library might mean instead.
        public var isShadowed = false

        /// Creates an entry.
        @_optimize(none)
        public init(topLevel: Int = 0, isShadowed: Bool = false) {
            self.topLevel = topLevel
            self.isShadowed = isShadowed
        }

        /// Adds the declarations of another file.
        @_optimize(none)
        public mutating func add(_ other: NameEntry) {
            topLevel += other.topLevel
            isShadowed = isShadowed || other.isShadowed
        }
    }

    /// The names a module declares, from its facts: the same as `names(of:)` of its files,
    /// which the summary cache keeps no longer.
    @_optimize(none)
    static func names(of facts: DeclarationFacts) -> [String: NameEntry] {
        var index: [String: NameEntry] = [:]
        for alias in facts.aliases { index[alias.name, default: NameEntry()].isShadowed = true }
        for name in facts.nestedTypes { index[name, default: NameEntry()].isShadowed = true }
        for type in facts.types { index[type.name, default: NameEntry()].topLevel += 1 }
        return index
    }

    /// The names the files of one module declare.
    @_optimize(none)
    public static func names(of files: [ScannedFile]) -> [String: NameEntry] {
        var index: [String: NameEntry] = [:]
        for file in files {
            for alias in file.typealiases { index[alias, default: NameEntry()].isShadowed = true }
            for type in file.types where type.kind != .extension {
                if type.parent != nil {
                    index[type.name, default: NameEntry()].isShadowed = true
                } else {
                    index[type.name, default: NameEntry()].topLevel += 1
                }
            }
        }
        return index
    }
}
