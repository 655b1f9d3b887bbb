/// A component's declarations grouped by key, with every factory parameter matched to the key
/// that satisfies it: in the component itself, or in one of its ancestors for a subcomponent.
/// Validation rules read it; the linker compiles it.
final class ResolvedGraph {
    /// What a factory parameter resolved to.
    enum Resolution {
        // Entries and depths are 32-bit, so that a resolution takes one word.

        /// The key of an entry, itself or through the request's wrapper (`Provider`, `T?`).
        case entry(Int32, wrapped: Bool)
        /// `() -> T`, resolving the entry of `T` when called.
        case function(Int32)
        /// A `T?` whose `T` is not bound: it receives nil.
        case absent
        /// Nothing satisfies the parameter.
        case missing
        /// A binding of the ancestor `depth` levels up (1: the parent), resolved there.
        indirect case inherited(depth: Int32, Resolution)

        /// The entry of this component the parameter resolves to, if any.
        var entry: Int? {
            switch self {
            case let .entry(index, _), let .function(index): Int(index)
            case .absent, .missing, .inherited: nil
            }
        }

        /// The resolution in the component that satisfies it: itself, or the inner one of an
        /// inherited resolution.
        var local: Resolution {
            if case let .inherited(_, inner) = self { inner } else { self }
        }

        /// Whether the request's wrapper reaches the key (`Provider<T>` of `T`), rather than the
        /// parameter's own type being bound, here or in an ancestor.
        var isWrapped: Bool {
            if case .entry(_, wrapped: true) = local { true } else { false }
        }

        /// Whether something satisfies the parameter (an absent optional does).
        var isSatisfied: Bool {
            if case .missing = self { false } else { true }
        }
    }

    /// The configured component: its declarations, root, seed, scope and inclusions.
    let builder: GraphBuilder
    /// The graph of the component that installed this one, for a subcomponent.
    let parent: ResolvedGraph?
    /// The components from the root down to this one, by name.
    let path: [String]
    let declarations: [AnyDeclaration]
    // The tables below are built by `init` and the linker on the thread running `of`, and only
    // read afterwards, so they leave out the runtime's exclusivity check (ARCHITECTURE.md,
    // "The unsafe corner").
    @exclusivity(unchecked) var _entries: [Entry] = []
    /// The declarations of every entry, entry after entry, each entry's in declaration order:
    /// one array for the whole graph rather than one per key.
    @exclusivity(unchecked) var _entryDeclarations: [Int32] = []
    /// The entry of each key: kept until every subcomponent has resolved its requests against
    /// this graph, then dropped (see ``dropKeyLookup()``).
    @exclusivity(unchecked) var _entryOfKey: KeyTable = KeyTable()
    /// The entry of each key bound inside each private module's boundary, by boundary (see
    /// `ResolvedGraph+Boundaries.swift`); empty without private modules.
    private(set) var boundaryEntryOfKey: [KeyTable] = []
    /// The boundary whose key space holds each entry (-1: the public one); empty without private
    /// modules.
    private(set) var entryKeySpace: [Int32] = []
    /// For each collection entry of a subcomponent that an ancestor's collection of the same key
    /// precedes: where that collection is.
    @exclusivity(unchecked) var _inheritedCollections: [Int: (depth: Int, entry: Int)] = [:]
    /// Every declaration's requests, declaration after declaration: the array the declarations
    /// share (see ``storeRequestsTogether(of:)``), in step with ``resolutions``.
    @exclusivity(unchecked) var _requests: [DependencyRequest] = []
    /// The resolutions of every declaration's requests, declaration after declaration.
    @exclusivity(unchecked) var _resolutions: [Resolution] = []
    /// Where each declaration's resolutions start in `resolutions`.
    @exclusivity(unchecked) var _resolutionStart: [Int32] = []
    /// The resolutions of the root's requests.
    private(set) var rootResolutions: [Resolution] = []
    /// The entry of the root when it is also the binding of its type (nothing else binds it), so
    /// that factories can take it and a cycle through it is found.
    private(set) var rootEntry: Int?
    /// The effects of resolving each entry: its declarations' own, and those of their eager
    /// dependencies (see ``propagateEffects(_:)``). Empty when no binding of this component or
    /// of its ancestors has effects, which is nearly always.
    private(set) var resolutionEffects: [Effects] = []
    /// The effects of resolving the root.
    private(set) var rootEffects: Effects = []
    /// The linked node of each entry, set by the linker.
    @exclusivity(unchecked) var _nodes: [AnyNode] = []
    /// How deep each entry's key lies: 1 without dependencies, one more than its deepest
    /// dependency otherwise (0 until it is linked). Set by the linker, for `StackCheckpoint`, and
    /// emptied once the component and its subcomponents are linked.
    @exclusivity(unchecked) var _depths: [Int32] = []
    /// The entries in the order they were linked, dependencies first, set by the linker.
    @exclusivity(unchecked) var _releaseOrder: [Int32] = []

    init(builder: GraphBuilder, parent: ResolvedGraph? = nil) {
        self.builder = builder
        self.parent = parent
        self.path = (parent?.path ?? []) + [TypeName.of(builder.component)]
        var declarations = builder.declarations.contains(where: \.isOverride)
            ? (builder.hasBoundaries ? Self.applyingOverridesAcrossBoundaries(builder) : Self.applyingOverrides(builder.declarations))
            : builder.declarations
        // The root is an ordinary binding of its type, as in Cleanse. Where a module binds that
        // type too, or the root asks for its own type (`bind.to { (atm: ATM) in atm }`), the root
        // stays the component's own and takes the module's binding: a leniency of Wiring's, where
        // Cleanse's `build` stops the process ("Already bound").
        // (A private module's binding of the type, in a key space of its own, does not count.)
        if let root = builder.root, !declarations.contains(where: { $0.key == root.key && (builder.boundary(of: $0)?.keySpace ?? -1) < 0 }),
           !root.requests.contains(where: { $0.key == root.key || BindingKey($0.parameterType) == root.key }) {
            declarations.append(root)
        }
        // The graph keeps its declarations as long as the factory lives: without the spare
        // capacity the builder's array grew.
        self.declarations = declarations.exactCapacityCopy()
        let (requests, requestStart) = Self.storeRequestsTogether(of: declarations)
        if builder.hasBoundaries {
            (entries, entryDeclarations, entryOfKey, boundaryEntryOfKey, entryKeySpace) = Self.groupByKeySpace(declarations, builder)
        } else {
            (entries, entryDeclarations, entryOfKey) = Self.groupByKey(declarations)
        }
        if parent != nil {
            for entry in entries.indices where isCollection(entry) && isPublic(entry) {
                inheritedCollections[entry] = findInheritedCollection(key(of: entry))
            }
        }
        // The requests of all declarations lie in one array, in declaration order: resolved in
        // one pass over it, with no array of each declaration's to retain and release.
        self.requests = requests
        resolutions = builder.hasBoundaries ? resolveInBoundaries(declarations, requestStart: requestStart) : requests.map(resolve)
        resolutionStart = requestStart
        if let root = builder.root, let index = declarations.firstIndex(where: { $0 === root }) {
            rootEntry = entryOfKey.value(for: root.key)
            rootResolutions = Array(self.resolutions(of: index))
        } else if let root = builder.root {
            rootResolutions = root.requests.map(resolve)
        }
    }

    deinit {
        // A node's resolver holds its dependencies' resolvers. Releasing the nodes dependents
        // first frees one resolver at a time; in any other order, freeing a resolver could free
        // a chain of them recursively, as deep as the graph, and overflow the stack.
        var linked = releaseOrder.map { nodes[Int($0)] }
        nodes = []
        while linked.popLast() != nil {}
    }

    /// The declarations of an entry, in the order they were declared.
    func declarations(of entry: Int) -> ArraySlice<Int32> {
        entryDeclarations[entries[entry].range]
    }

    /// The key of an entry.
    func key(of entry: Int) -> BindingKey {
        firstDeclaration(of: entries[entry]).key
    }

    /// The first declaration of an entry: its only one, unless the entry is a collection.
    func firstDeclaration(of entry: Entry) -> AnyDeclaration {
        declarations[firstDeclarationIndex(of: entry)]
    }

    /// The index in `declarations` of an entry's first declaration.
    func firstDeclarationIndex(of entry: Entry) -> Int {
        Int(entryDeclarations[entry.range.lowerBound])
    }

    /// The resolutions of one declaration's requests, in parameter order.
    func resolutions(of declaration: Int) -> ArraySlice<Resolution> {
        resolutions[requestRange(of: declaration)]
    }

    /// Whether a request of a declaration or of the root has nothing to satisfy it: a walk of
    /// the flat arrays, which retains nothing per declaration.
    var hasMissingResolutions: Bool {
        !resolutions.allSatisfy(\.isSatisfied) || !rootResolutions.allSatisfy(\.isSatisfied)
    }

    /// Where a declaration's requests, and their resolutions, lie in ``requests`` and
    /// ``resolutions``.
    func requestRange(of declaration: Int) -> Range<Int> {
        Int(resolutionStart[declaration])..<Int(resolutionStart[declaration + 1])
    }

    /// Whether an entry holds collection contributions.
    func isCollection(_ entry: Int) -> Bool {
        firstDeclaration(of: entries[entry]).role == .contribution
    }

    /// The declaration that binds `key` as a single value, here or in the nearest ancestor that
    /// binds it; nil when none does.
    func singleValueBinding(of key: BindingKey) -> AnyDeclaration? {
        var graph: ResolvedGraph? = self
        while let current = graph {
            if let entry = current.entryOfKey.value(for: key) {
                return current.isMap(entry) ? nil : current.firstDeclaration(of: current.entries[entry])
            }
            graph = current.parent
        }
        return nil
    }

    /// Whether an entry is a map's contributions: its entries, declaration or removals.
    /// (A map also bound as a single value counts, whatever the order: it is reported anyway.)
    func isMap(_ entry: Int) -> Bool {
        declarations(of: entry).contains { declarations[Int($0)].mapRole != nil }
    }

    /// The ancestor `depth` levels up; `self` for 0.
    func ancestor(_ depth: Int) -> ResolvedGraph {
        var graph = self
        for _ in 0..<depth {
            guard let parent = graph.parent else { preconditionFailure("Wiring internal error: no ancestor \(depth) levels up.") }
            graph = parent
        }
        return graph
    }

    /// The collection an ancestor provides for the key of a collection entry, which this
    /// subcomponent's own contributions add to.
    func inheritedCollection(of entry: Int) -> (depth: Int, entry: Int)? {
        inheritedCollections[entry]
    }

    /// Stores what ``propagateEffects(_:)`` found.
    func setResolutionEffects(_ effects: [Effects], root: Effects) {
        resolutionEffects = effects
        rootEffects = root
    }

    /// Drops the lookup table of keys once nothing resolves requests against this graph anymore:
    /// after its subcomponents are resolved. A linked graph does not need it.
    func dropKeyLookup() {
        entryOfKey = KeyTable()
        boundaryEntryOfKey = []
    }

    /// The collection of `key` an ancestor provides, which a subcomponent's own contributions add to.
    private func findInheritedCollection(_ key: BindingKey) -> (depth: Int, entry: Int)? {
        var depth = 1
        var graph = parent
        while let current = graph {
            if let entry = current.entryOfKey.value(for: key) {
                return current.isCollection(entry) ? (depth, entry) : nil
            }
            depth += 1
            graph = current.parent
        }
        return nil
    }

}
