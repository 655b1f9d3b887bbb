/// A type declaration or an extension, as the scan of one file found it.
public struct ScannedType: Equatable, Sendable {
    /// What declares it.
    public enum Kind: String, Equatable, Sendable, Codable {
        case `struct`, `enum`, `class`, `actor`, `protocol`, `extension`
    }

    /// `struct`, `enum`, `class`, `actor`, `protocol` or `extension`.
    public var kind: Kind
    /// The declared name, or for an extension the extended type as written (`Outer.Inner`).
    public var name: String
    /// The index in the file's list of the type or extension this one is nested in.
    public var parent: Int?
    /// The access level written on it: `public`, `open`, `package`, `internal`, `private`,
    /// `fileprivate`, or nil when none is written.
    public var access: String?
    /// Its attributes, as written (`@available(*, deprecated)`), without the `@`.
    public var attributes: [String] = []
    /// Whether it declares generic parameters.
    public var isGeneric = false
    /// The inherited types, as written without spaces (`Wiring.Module`, `Sendable`).
    public var inheritance: [String] = []
    /// The `#if` conditions it is declared under, outermost first; `#elseif` and `#else` are
    /// spelled as `!(a) && (b)`.
    public var conditions: [String] = []
    /// Whether the comment lines above it hold `// linked-wiring: exclude`.
    public var isExcluded = false
    /// The type named by `typealias Scope = …` in its body, and where.
    public var scopeAlias: (type: String, line: Int)?
    /// The binder type of `static func configure(binder: …)` in its body, and where.
    public var configureBinder: (type: String, line: Int)?
    /// The body of that `configure`, when the scan could find its braces.
    public var configureBody: ConfigureBody?
    /// Whether its body declares a `Seed` (a typealias or a nested type): a root's seed is
    /// bound in its graph.
    public var declaresSeed = false
    /// `X` of `configureRoot(binder: ReceiptBinder<X>)` in its body (the root it binds), as
    /// written; the empty string when that is not a plain name; nil when it has none.
    public var rootType: String?
    /// The file it is in.
    public var file: String
    /// The line of its first attribute or modifier.
    public var line: Int
    /// The column of its first attribute or modifier.
    public var column: Int

    /// Equality of everything but the member tuples' labels.
    @_optimize(none)
    public static func == (lhs: ScannedType, rhs: ScannedType) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.parent == rhs.parent && lhs.access == rhs.access
            && lhs.attributes == rhs.attributes && lhs.isGeneric == rhs.isGeneric && lhs.inheritance == rhs.inheritance
            && lhs.conditions == rhs.conditions && lhs.isExcluded == rhs.isExcluded
            && lhs.scopeAlias?.type == rhs.scopeAlias?.type && lhs.scopeAlias?.line == rhs.scopeAlias?.line
            && lhs.configureBinder?.type == rhs.configureBinder?.type && lhs.configureBinder?.line == rhs.configureBinder?.line
            && lhs.declaresSeed == rhs.declaresSeed && lhs.rootType == rhs.rootType && lhs.file == rhs.file && lhs.line == rhs.line && lhs.column == rhs.column
    }
}

/// Everything the scan found in one file.
public struct ScannedFile: Equatable, Sendable, Codable {
    /// The path, as the plugin passed it.
    public var path: String
    /// The modules the file imports, in order.
    public var imports: [String] = []
    /// Its type declarations and extensions, in order; `parent` indexes this array.
    public var types: [ScannedType] = []
    /// The names of the typealiases it declares, at any level.
    public var typealiases: [String] = []
    /// The initialisers declared directly in its types and extensions, in order.
    public var inits: [ScannedInit] = []
    /// Its typealiases, at any level, with what the typed graph checks need to follow them.
    public var aliases: [ScannedTypealias] = []
    /// Whether a type or an extension in it declares an instance method named `bind`
    /// (`extension Binder { func bind(_ type: Store.Type) … }`): a `binder.bind(…)` of its
    /// module may call that method of the user's own, which Swift prefers to Wiring's generic one.
    public var declaresBind = false
}

/// A `typealias` as written: the typed graph checks follow a plain one to the type it names.
public struct ScannedTypealias: Equatable, Sendable, Codable {
    /// Its name.
    public var name: String
    /// The type it names as written (`FileStore`, `Core.FileStore`, `any Handler`), or nil when
    /// the reading could not tell it whole.
    public var target: String?
    /// The parts of the composition it names as written (`Module`, `Sendable` for
    /// `Module & Sendable`), or nil when it names no composition the reading could tell whole.
    public var composition: [String]?
    /// Whether it is declared outside every type.
    public var isTopLevel: Bool
    /// Whether it is generic, `private` or `fileprivate`, or under an `#if`.
    public var isUnsure: Bool
}

/// An `init` declared in a type or an extension, as written: what the typed graph checks need to
/// tell which values a `T.init` reference asks for.
public struct ScannedInit: Equatable, Sendable, Codable {
    /// The index in the file's list of the type or extension it is declared in.
    public var owner: Int
    /// The access level written on it, or nil when none is written.
    public var access: String?
    /// Whether it is `init?` or `init!`.
    public var isFailable: Bool
    /// Whether it declares generic parameters.
    public var isGeneric: Bool
    /// Whether it is declared under an `#if`.
    public var isConditional: Bool
    /// The type of each parameter as written, tokens joined (`any Store`, `Provider<Store>`);
    /// nil when a parameter list could not be read.
    public var parameters: [String]?
    /// The line of the `init` keyword.
    public var line: Int
}

/// The body of a module's `static func configure(binder:)`, for the graph checks.
public struct ConfigureBody: Equatable, Sendable, Codable {
    /// The name the body gives its binder (`binder`, or `bind` in `configure(binder bind: …)`).
    public var binder: String
    /// The tokens between its braces; empty in a body read from the generator's cache, which
    /// keeps its `reading` instead.
    public var tokens: [Token]
    /// What ``ConfigureReader`` made of the tokens, once read: the generator reads each body of
    /// a freshly scanned wiring file and keeps the reading in its cache, not the tokens.
    public var reading: ConfigureReading?

    /// Creates a body.
    @_optimize(none)
    public init(binder: String, tokens: [Token], reading: ConfigureReading? = nil) {
        self.binder = binder
        self.tokens = tokens
        self.reading = reading
    }

    /// What ``ConfigureReader`` makes of the body: its kept reading, or a reading of its tokens.
    @_optimize(none)
    public var read: ConfigureReading {
        reading ?? ConfigureReader.read(self)
    }

    private enum CodingKeys: String, CodingKey {
        case binder, reading
    }

    /// Decodes a body kept by the generator's cache: its binder and its reading.
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        binder = try container.decode(String.self, forKey: .binder)
        tokens = []
        reading = try container.decode(ConfigureReading.self, forKey: .reading)
    }

    /// Encodes the binder and the reading (read now when the body has none), not the tokens.
    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(binder, forKey: .binder)
        try container.encode(read, forKey: .reading)
    }
}

extension ScannedType: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, name, parent, access, attributes, isGeneric, inheritance, conditions, isExcluded, scopeType, scopeLine
        case binderType, binderLine, configureBody, declaresSeed, rootType, file, line, column
    }

    /// Decodes a type kept by the generator's cache.
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        name = try container.decode(String.self, forKey: .name)
        parent = try container.decodeIfPresent(Int.self, forKey: .parent)
        access = try container.decodeIfPresent(String.self, forKey: .access)
        attributes = try container.decode([String].self, forKey: .attributes)
        isGeneric = try container.decode(Bool.self, forKey: .isGeneric)
        inheritance = try container.decode([String].self, forKey: .inheritance)
        conditions = try container.decode([String].self, forKey: .conditions)
        isExcluded = try container.decode(Bool.self, forKey: .isExcluded)
        if let type = try container.decodeIfPresent(String.self, forKey: .scopeType) {
            scopeAlias = (type, try container.decode(Int.self, forKey: .scopeLine))
        }
        if let type = try container.decodeIfPresent(String.self, forKey: .binderType) {
            configureBinder = (type, try container.decode(Int.self, forKey: .binderLine))
        }
        configureBody = try container.decodeIfPresent(ConfigureBody.self, forKey: .configureBody)
        declaresSeed = try container.decode(Bool.self, forKey: .declaresSeed)
        rootType = try container.decodeIfPresent(String.self, forKey: .rootType)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
    }

    /// Encodes a type for the generator's cache.
    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encodeIfPresent(access, forKey: .access)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(isGeneric, forKey: .isGeneric)
        try container.encode(inheritance, forKey: .inheritance)
        try container.encode(conditions, forKey: .conditions)
        try container.encode(isExcluded, forKey: .isExcluded)
        try container.encodeIfPresent(scopeAlias?.type, forKey: .scopeType)
        try container.encodeIfPresent(scopeAlias?.line, forKey: .scopeLine)
        try container.encodeIfPresent(configureBinder?.type, forKey: .binderType)
        try container.encodeIfPresent(configureBinder?.line, forKey: .binderLine)
        try container.encodeIfPresent(configureBody, forKey: .configureBody)
        try container.encode(declaresSeed, forKey: .declaresSeed)
        try container.encodeIfPresent(rootType, forKey: .rootType)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
