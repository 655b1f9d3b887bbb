extension SourceLocation: Codable {
    // Cold: runs only when a graph is exported or rendered, never in `of`, `build` or a resolution.
    // `@_optimize(none)` here and below keeps the optimiser off it (Benchmarks/README.md, "Cold
    // code, not optimised").
    private enum CodingKeys: String, CodingKey {
        case fileID, line
    }

    @_optimize(none)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fileID: try container.decode(String.self, forKey: .fileID), line: try container.decode(Int.self, forKey: .line))
    }

    @_optimize(none)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fileID, forKey: .fileID)
        try container.encode(line, forKey: .line)
    }
}
