/// What one module declares that the typed checks read: its top-level types and every `init`
/// of its types and extensions, with access levels and parameter types as written.
public struct DeclarationFacts: Equatable, Sendable, Codable {
    /// A top-level type declaration.
    public struct TypeFact: Equatable, Sendable {
        /// Its name.
        public var name: String
        /// `struct`, `enum`, `class`, `actor` or `protocol`.
        public var kind: String
        /// Whether it is generic, declared under an `#if`, or private to its file.
        public var isUnsure: Bool
        /// Its inherited types, as written.
        public var inheritance: [String]
        /// Whether its own body declares an `init` (which removes the memberwise init).
        public var hasInitInBody: Bool
        /// Whether other modules can see it: `public`, `open` or `package`.
        public var isVisibleOutside = true
    }

    /// An `init` of a type or an extension.
    public struct InitFact: Equatable, Sendable {
        /// The last name of the type it belongs to (`Service` for `extension Core.Service`), or
        /// the empty string for a nested type.
        public var owner: String
        /// Its access level: the one written, or the extension's.
        public var access: String?
        /// Whether it is failable, generic or under an `#if`.
        public var isUnsure: Bool
        /// The parameters' types as written; nil when the list could not be read.
        public var parameters: [String]?
    }

    /// The top-level types.
    public var types: [TypeFact] = []
    /// The conformances each extension adds, by the last name of the type it extends (an
    /// extension can add a conformance that brings an initialiser, or a synthesised one).
    public var extensionConformances: [String: [String]] = [:]
    /// The initialisers.
    public var inits: [InitFact] = []
    /// The typealiases, at any level.
    public var aliases: [ScannedTypealias] = []
    /// The names of the nested types, which a name written in the module may mean.
    public var nestedTypes: [String] = []

    /// Facts of scanned files.
    @_optimize(none)
    public init(files: [ScannedFile]) {
        for file in files {
            aliases += file.aliases
            nestedTypes += file.types.filter { $0.parent != nil && $0.kind != .extension }.map(\.name)
            for (position, type) in file.types.enumerated() where type.parent == nil && type.kind != .extension {
                let hasInit = file.inits.contains { $0.owner == position }
                // An attached macro may add initialisers.
                let attributes = type.attributes.filter { !["MainActor", "frozen", "usableFromInline"].contains($0) }
                // A type that the other files of its module cannot see (`private`, `fileprivate`)
                // is not the one a name written there means.
                let isVisible = !["private", "fileprivate"].contains(type.access ?? "")
                types.append(TypeFact(
                    name: type.name, kind: type.kind.rawValue,
                    isUnsure: type.isGeneric || !type.conditions.isEmpty || !attributes.isEmpty || !isVisible,
                    inheritance: type.inheritance, hasInitInBody: hasInit,
                    isVisibleOutside: ["public", "open", "package"].contains(type.access ?? "")
                ))
            }
            for type in file.types where type.kind == .extension {
                let name = String(GraphCheck.stripped(type.name, library: "").split(separator: ".").last ?? "")
                extensionConformances[name, default: []] += type.inheritance + (type.attributes.isEmpty ? [] : ["@"])
            }
            for declaration in file.inits {
                let owner = file.types[declaration.owner]
                var name = ""
                if owner.kind == .extension {
                    name = String(GraphCheck.stripped(owner.name, library: "").split(separator: ".").last ?? "")
                } else if owner.parent == nil {
                    name = owner.name
                }
                inits.append(InitFact(
                    owner: name, access: declaration.access ?? (owner.kind == .extension ? owner.access : nil),
                    isUnsure: declaration.isFailable || declaration.isGeneric || declaration.isConditional || !owner.conditions.isEmpty,
                    parameters: declaration.parameters
                ))
            }
        }
    }

    /// Adds the facts of other files of the module.
    @_optimize(none)
    public mutating func add(_ other: DeclarationFacts) {
        types += other.types
        inits += other.inits
        aliases += other.aliases
        nestedTypes += other.nestedTypes
        extensionConformances.merge(other.extensionConformances) { $0 + $1 }
    }
}
