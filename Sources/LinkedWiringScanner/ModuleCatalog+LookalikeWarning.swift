/// The warning for a type that looks like a module the catalog cannot place: it declares a
/// module's `static func configure(binder: Binder<…>)` and conforms to a name the catalog cannot
/// follow (a protocol of another library, which may refine `Module`, or a typealias it does not
/// follow), so it may be a module left out with no word of why.
extension ModuleCatalog {
    /// The standard library's protocols a helper type may conform to, which are surely no
    /// module: a type that conforms to these alone, or to the library's own types, gets no
    /// warning.
    private static let surelyNoModule: Set<String> = [
        "Sendable", "AnyObject", "Copyable", "Escapable", "Hashable", "Equatable", "Codable", "Encodable", "Decodable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable", "CaseIterable", "Error",
    ]

    /// One warning per type of the library that is no module the catalog knows, but is public,
    /// not generic, not marked `// linked-wiring: exclude`, not included by another module of
    /// the library, declares a module's `configure`, and conforms to a name the catalog cannot
    /// follow.
    @_optimize(none)
    func lookalikeWarnings(_ aggregates: [String: Aggregate], moduleLike: Set<String>) -> [SourceProblem] {
        var warnings: [SourceProblem] = []
        for key in aggregates.keys.sorted() {
            guard let aggregate = aggregates[key], let declaration = aggregate.declaration, declaration.type.kind != .protocol else { continue }
            let entries = aggregate.all + aggregate.otherDeclarations
            guard !entries.contains(where: { inheritsModule($0.type, moduleLike) }),
                  entries.contains(where: { $0.type.configureBinder.map { looksLikeAModulesBinder($0.type) } ?? false }),
                  let unknown = entries.lazy.flatMap(\.type.inheritance).first(where: { !isSurelyNoModule($0, all: aggregates) }),
                  !isIncludedByTheLibrary(key), !entries.contains(where: \.type.isExcluded) else { continue }
            let chain = ancestry(of: declaration, all: aggregates)
            guard chain.allSatisfy({ isPublic($0, all: aggregates) }), !chain.contains(where: \.type.isGeneric) else { continue }
            warnings.append(SourceProblem(
                file: declaration.file.path, line: declaration.type.line, column: declaration.type.column, severity: .warning,
                message: lookalike(module: "\(library).\(key)", conformance: unknown)
            ))
        }
        return warnings
    }

    /// Whether a binder type is one a module's `configure` takes: `Binder<…>` or `UnscopedBinder`.
    @_optimize(none)
    private func looksLikeAModulesBinder(_ written: String) -> Bool {
        let name = Self.stripNamespace(written)
        return name == "UnscopedBinder" || name.hasPrefix("Binder<")
    }

    /// Whether an inherited name surely makes no module: one of the standard library's
    /// ``surelyNoModule`` protocols, or a name the catalog follows (a type or a typealias of the
    /// library), which it would have found a module if it were one.
    @_optimize(none)
    private func isSurelyNoModule(_ written: String, all: [String: Aggregate]) -> Bool {
        var name = written
        if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
        return name.hasPrefix("~") || Self.surelyNoModule.contains(name) || isFollowed(written, all: all)
    }

    /// The message of the warning at the type's declaration.
    ///
    /// - Parameters:
    ///   - module: The type, qualified by its library (`CoreWiring.StoreModule`).
    ///   - conformance: The name it conforms to that the catalog cannot follow, as written.
    /// - Returns: What the catalog cannot tell, and the ways to settle it.
    @_optimize(none)
    func lookalike(module: String, conformance: String) -> String {
        "\(module) declares static func configure(binder:) like a module, but LinkedWiring cannot tell whether it is one: it "
            + "conforms to \(conformance), which LinkedWiring cannot follow to Module (a protocol of another library, or a typealias "
            + "declared more than once, under #if, or generic). So it is not included. If it is a module, conform it to Module (or to "
            + "a module protocol or typealias declared once in \(library)) so that LinkedWiring includes it, or mark it "
            + "`// linked-wiring: exclude` on the line above its declaration and include it yourself."
    }
}
