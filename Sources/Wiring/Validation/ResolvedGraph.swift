/// A component's declarations grouped by key, with every factory parameter matched to the key
/// that satisfies it. Validation rules read it; the linker compiles it.
struct ResolvedGraph {
    /// Every declaration of one key: one for a unique binding, any number of contributions for a
    /// collection (and more than one only when something is wrong).
    struct Entry {
        let key: BindingKey
        var declarations: [Int]
    }

    /// What a factory parameter resolved to.
    enum Resolution {
        /// The key of an entry, possibly through a wrapper (`Provider`, `T?`).
        case entry(Int, wrapper: (any DependencyWrapper.Type)?)
        /// `() -> T`, resolving the entry of `T` when called.
        case function(Int)
        /// A `T?` whose `T` is not bound: it receives nil.
        case absent(wrapper: any DependencyWrapper.Type)
        /// Nothing satisfies the parameter.
        case missing

        var entry: Int? {
            switch self {
            case let .entry(index, _), let .function(index): index
            case .absent, .missing: nil
            }
        }
    }

    let graph: GraphBuilder
    let declarations: [AnyDeclaration]
    private(set) var entries: [Entry] = []
    private(set) var entryOfKey: [BindingKey: Int] = [:]
    /// The resolutions of every declaration's requests, declaration after declaration.
    private(set) var resolutions: [Resolution] = []
    /// Where each declaration's resolutions start in `resolutions`.
    private(set) var resolutionStart: [Int] = []
    /// The resolutions of the root's requests.
    private(set) var rootResolutions: [Resolution] = []

    init(graph: GraphBuilder) {
        self.graph = graph
        let overridden = Set(graph.declarations.lazy.filter(\.isOverride).map(\.key))
        self.declarations = overridden.isEmpty
            ? graph.declarations
            : graph.declarations.filter { $0.isOverride || !overridden.contains($0.key) }
        entries.reserveCapacity(declarations.count)
        entryOfKey.reserveCapacity(declarations.count)
        for (index, declaration) in declarations.enumerated() {
            if let entry = entryOfKey[declaration.key] {
                entries[entry].declarations.append(index)
            } else {
                entryOfKey[declaration.key] = entries.count
                entries.append(Entry(key: declaration.key, declarations: [index]))
            }
        }
        var functionAliases = FunctionAliases()
        resolutionStart.reserveCapacity(declarations.count + 1)
        for declaration in declarations {
            resolutionStart.append(resolutions.count)
            for request in declaration.requests {
                resolutions.append(resolve(request, aliases: &functionAliases))
            }
        }
        resolutionStart.append(resolutions.count)
        if let root = graph.root {
            rootResolutions = root.requests.map { resolve($0, aliases: &functionAliases) }
        }
    }

    /// The resolutions of one declaration's requests, in parameter order.
    func resolutions(of declaration: Int) -> ArraySlice<Resolution> {
        resolutions[resolutionStart[declaration]..<resolutionStart[declaration + 1]]
    }

    /// Whether an entry holds collection contributions.
    func isCollection(_ entry: Int) -> Bool {
        declarations[entries[entry].declarations[0]].role == .contribution
    }

    private func resolve(_ request: DependencyRequest, aliases: inout FunctionAliases) -> Resolution {
        switch request.kind {
        case .instance, .function:
            if let entry = entryOfKey[request.key] { return .entry(entry, wrapper: nil) }
            if let entry = aliases.entry(forFunctionType: request.parameterType, in: self) { return .function(entry) }
            return .missing
        case .provider:
            guard let entry = entryOfKey[request.key] else { return .missing }
            return .entry(entry, wrapper: request.wrapper)
        case .optional:
            if let entry = entryOfKey[BindingKey(request.parameterType)] { return .entry(entry, wrapper: nil) }
            guard let wrapper = request.wrapper else { return .missing }
            guard let entry = entryOfKey[request.key] else { return .absent(wrapper: wrapper) }
            return .entry(entry, wrapper: wrapper)
        }
    }
}

/// Maps `() -> T` and `@Sendable () -> T` to the entry of `T`, for every untagged key.
///
/// Built only when a plain parameter has no binding of its own, so graphs that never ask for
/// closures never pay for it.
private struct FunctionAliases {
    private var entryOfFunctionType: [ObjectIdentifier: Int]?

    mutating func entry(forFunctionType type: any Any.Type, in graph: ResolvedGraph) -> Int? {
        if entryOfFunctionType == nil {
            var aliases: [ObjectIdentifier: Int] = [:]
            for (index, entry) in graph.entries.enumerated() where entry.key.tag == nil {
                for alias in Self.functionTypes(returning: entry.key.type) {
                    aliases[ObjectIdentifier(alias)] = index
                }
            }
            entryOfFunctionType = aliases
        }
        return entryOfFunctionType?[ObjectIdentifier(type)]
    }

    private static func functionTypes<T>(returning type: T.Type) -> [any Any.Type] {
        [(() -> T).self, (@Sendable () -> T).self]
    }
}
