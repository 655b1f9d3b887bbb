/// How the cache writes the values it keeps most of (a wiring library's calls, a core library's
/// types and initialisers): as JSON arrays of their fields in a fixed order rather than objects,
/// which the plugin's debug build decodes in about half the time (no key is looked up).

extension BinderCall: Codable {
    /// Decodes a call kept by the generator's cache.
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let kind = try container.decode(Int.self)
        let first = try container.decodeIfPresent(String.self)
        let second = try container.decodeIfPresent(String.self)
        let role = try container.decode(Int.self)
        let mapKey = try container.decodeIfPresent(String.self)
        let finished = try container.decodeIfPresent(Bool.self)
        switch kind {
        case 0:
            let decodedRole: Role = switch role {
            case 0: .single
            case 1: .collection
            default: .map(key: mapKey)
            }
            self.kind = .bind(type: first, tag: second, role: decodedRole, finished: finished)
        case 1: self.kind = .expose(first ?? "")
        case 2: self.kind = .include(first ?? "")
        default: self.kind = .declareMap
        }
        line = try container.decode(Int.self)
        column = try container.decode(Int.self)
        siteFile = try container.decodeIfPresent(String.self)
        siteLine = try container.decodeIfPresent(Int.self)
        factoryInit = try container.decodeIfPresent(String.self)
        requestsNothing = try container.decode(Bool.self)
        exposedType = try container.decodeIfPresent(String.self)
        exposesBinding = try container.decode(Bool.self)
        namesImplementation = try container.decode(Bool.self)
        implementation = try container.decodeIfPresent(String.self)
    }

    /// Encodes a call for the generator's cache.
    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        var code = 3
        var first: String?
        var second: String?
        var role = 0
        var mapKey: String?
        var finished: Bool?
        switch kind {
        case let .bind(type, tag, bindRole, bindFinished):
            code = 0
            first = type
            second = tag
            finished = bindFinished
            switch bindRole {
            case .single: role = 0
            case .collection: role = 1
            case let .map(key):
                role = 2
                mapKey = key
            }
        case let .expose(text):
            code = 1
            first = text
        case let .include(module):
            code = 2
            first = module
        case .declareMap:
            code = 3
        }
        try container.encode(code)
        try Self.encode(first, to: &container)
        try Self.encode(second, to: &container)
        try container.encode(role)
        try Self.encode(mapKey, to: &container)
        if let finished { try container.encode(finished) } else { try container.encodeNil() }
        try container.encode(line)
        try container.encode(column)
        try Self.encode(siteFile, to: &container)
        if let siteLine { try container.encode(siteLine) } else { try container.encodeNil() }
        try Self.encode(factoryInit, to: &container)
        try container.encode(requestsNothing)
        try Self.encode(exposedType, to: &container)
        try container.encode(exposesBinding)
        try container.encode(namesImplementation)
        try Self.encode(implementation, to: &container)
    }

    /// Encodes an optional string as the string or `null`.
    @_optimize(none)
    static func encode(_ value: String?, to container: inout some UnkeyedEncodingContainer) throws {
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension DeclarationFacts.TypeFact: Codable {
    /// Decodes a type kept by the generator's cache.
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        name = try container.decode(String.self)
        kind = try container.decode(String.self)
        isUnsure = try container.decode(Bool.self)
        inheritance = try container.decode([String].self)
        hasInitInBody = try container.decode(Bool.self)
        isVisibleOutside = try container.decode(Bool.self)
    }

    /// Encodes a type for the generator's cache.
    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(name)
        try container.encode(kind)
        try container.encode(isUnsure)
        try container.encode(inheritance)
        try container.encode(hasInitInBody)
        try container.encode(isVisibleOutside)
    }
}

extension DeclarationFacts.InitFact: Codable {
    /// Decodes an initialiser kept by the generator's cache.
    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        owner = try container.decode(String.self)
        access = try container.decodeIfPresent(String.self)
        isUnsure = try container.decode(Bool.self)
        parameters = try container.decodeIfPresent([String].self)
    }

    /// Encodes an initialiser for the generator's cache.
    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(owner)
        try BinderCall.encode(access, to: &container)
        try container.encode(isUnsure)
        if let parameters { try container.encode(parameters) } else { try container.encodeNil() }
    }
}
