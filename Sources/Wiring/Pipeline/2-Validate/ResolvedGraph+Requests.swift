/// How a factory parameter's request resolves: in the component's own key space, or in the
/// nearest ancestor that satisfies it.
extension ResolvedGraph {
    /// A parameter's resolution here, or else in the nearest ancestor that satisfies it.
    func resolve(_ request: DependencyRequest) -> Resolution {
        let own = resolveHere(request)
        switch own {
        case .missing, .absent:
            return parent?.lookUp(request, depth: 1) ?? own
        default:
            return own
        }
    }

    /// `request` resolved in this component or an ancestor, as seen from a descendant `depth`
    /// levels down; nil when none binds it.
    func lookUp(_ request: DependencyRequest, depth: Int) -> Resolution? {
        switch resolveHere(request) {
        case .missing, .absent:
            return parent?.lookUp(request, depth: depth + 1)
        case let found:
            return .inherited(depth: Int32(depth), found)
        }
    }

    func resolveHere(_ request: DependencyRequest) -> Resolution {
        resolveHere(request, in: entryOfKey)
    }

    /// `request` resolved in one key space of this component: its public one, or a private
    /// module's.
    func resolveHere(_ request: DependencyRequest, in entryOfKey: KeyTable) -> Resolution {
        switch request.kind.lookup {
        case .instance:
            guard let entry = entryOfKey.value(for: request.key) else { return .missing }
            return .entry(Int32(entry), wrapped: false)
        case .function:
            // A closure type bound as a value takes precedence over a closure that resolves `T`.
            if let entry = entryOfKey.value(for: BindingKey(request.parameterType)) { return .entry(Int32(entry), wrapped: false) }
            guard let entry = entryOfKey.value(for: request.key) else { return .missing }
            return .function(Int32(entry))
        case .wrapper:
            guard let entry = entryOfKey.value(for: request.key) else { return .missing }
            return .entry(Int32(entry), wrapped: true)
        case .valueOrWrapper:
            // A factory bound as a value (one that `AsyncComponentFactory.of` made) takes
            // precedence; otherwise the factory is made from the installed subcomponent's.
            if let entry = entryOfKey.value(for: BindingKey(request.parameterType)) { return .entry(Int32(entry), wrapped: false) }
            guard let entry = entryOfKey.value(for: request.key) else { return .missing }
            return .entry(Int32(entry), wrapped: true)
        case .valueOrMapEntries:
            // A map of providers bound as a value takes precedence; otherwise the providers are
            // those of a map's entries, which a map bound as a single value does not have.
            if let entry = entryOfKey.value(for: BindingKey(request.parameterType)) { return .entry(Int32(entry), wrapped: false) }
            guard let entry = entryOfKey.value(for: request.key), isMap(entry) else { return .missing }
            return .entry(Int32(entry), wrapped: true)
        case .optional:
            if let entry = entryOfKey.value(for: BindingKey(request.parameterType)) { return .entry(Int32(entry), wrapped: false) }
            guard request.wrapper != nil else { return .missing }
            guard let entry = entryOfKey.value(for: request.key) else { return .absent }
            return .entry(Int32(entry), wrapped: true)
        }
    }
}
