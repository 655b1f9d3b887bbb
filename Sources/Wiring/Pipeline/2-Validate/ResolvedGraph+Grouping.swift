/// How a graph groups its declarations by key, once, while it is made: overrides applied, the
/// requests of every declaration in one array, each key's declarations listed together.
extension ResolvedGraph {
    /// Every declaration of one key: one for a unique binding, any number of contributions for a
    /// collection (and more than one only when something is wrong).
    struct Entry {
        // 32-bit, and without the key (its declarations have it): an entry takes one word.
        fileprivate var start: Int32
        fileprivate var count: Int32

        /// How many declarations the key has.
        var declarationCount: Int { Int(count) }
        /// Where the entry's declarations are listed in `entryDeclarations`.
        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    /// The declarations left once a test's overrides replace the component's own: an override
    /// replaces every declaration of its key, except that an entry of a map (or its removal)
    /// replaces only the entry under the same key of that map.
    static func applyingOverrides(_ declarations: [AnyDeclaration]) -> [AnyDeclaration] {
        let overrides = declarations.filter(\.isOverride)
        let replacedKeys = Set(overrides.lazy.filter { $0.mapRole == nil }.map(\.key))
        let replacedEntries = Set(overrides.lazy.compactMap(MapEntryID.init))
        return declarations.filter { declaration in
            if declaration.isOverride { return true }
            if replacedKeys.contains(declaration.key) { return false }
            return MapEntryID(declaration).map { !replacedEntries.contains($0) } ?? true
        }
    }

    /// Moves the requests of every declaration into one array, so that a graph keeps one array
    /// of requests rather than one per binding.
    /// Returns that array, and where each declaration's requests start in it, with its count at
    /// the end.
    static func storeRequestsTogether(of declarations: [AnyDeclaration]) -> (requests: [DependencyRequest], starts: [Int32]) {
        var all: [DependencyRequest] = []
        all.reserveCapacity(declarations.reduce(0) { $0 + $1.requests.count })
        var starts: [Int32] = []
        starts.reserveCapacity(declarations.count + 1)
        for declaration in declarations {
            starts.append(Int32(all.count))
            all.append(contentsOf: declaration.requests)
        }
        starts.append(Int32(all.count))
        for (declaration, start) in zip(declarations, starts) {
            declaration.shareRequests(all, start: start)
        }
        return (all, starts)
    }

    /// Makes one entry per key, listing its declarations in the order they were declared.
    static func groupByKey(
        _ declarations: [AnyDeclaration]
    ) -> (entries: [Entry], entryDeclarations: [Int32], entryOfKey: KeyTable) {
        var entries: [Entry] = []
        var entryOfKey = KeyTable(capacity: declarations.count)
        entries.reserveCapacity(declarations.count)
        var entryOfDeclaration: [Int] = []
        entryOfDeclaration.reserveCapacity(declarations.count)
        for declaration in declarations {
            // One lookup of the key: a new key gets the next entry.
            let next = entries.count
            let entry = entryOfKey.value(for: declaration.key, insertingIfAbsent: next)
            if entry == next {
                entries.append(Entry(start: 0, count: 1))
            } else {
                entries[entry].count += 1
            }
            entryOfDeclaration.append(entry)
        }
        let entryDeclarations = listDeclarations(&entries, entryOfDeclaration)
        return (entries, entryDeclarations, entryOfKey)
    }

    /// ``groupByKey(_:)`` for a graph with private modules: a declaration made inside a private
    /// module's boundary gets its entry from the boundary's key space, the others from the
    /// public one.
    static func groupByKeySpace(_ declarations: [AnyDeclaration], _ builder: GraphBuilder) -> (
        entries: [Entry], entryDeclarations: [Int32], entryOfKey: KeyTable, boundaryEntryOfKey: [KeyTable], entryKeySpace: [Int32]
    ) {
        var entries: [Entry] = []
        var entryOfKey = KeyTable(capacity: declarations.count)
        var boundaryEntryOfKey = [KeyTable](repeating: KeyTable(), count: builder.boundaries.count)
        var entryKeySpace: [Int32] = []
        var entryOfDeclaration: [Int] = []
        entryOfDeclaration.reserveCapacity(declarations.count)
        for declaration in declarations {
            let next = entries.count
            let space = builder.boundary(of: declaration)?.keySpace ?? -1
            let entry = space < 0
                ? entryOfKey.value(for: declaration.key, insertingIfAbsent: next)
                : boundaryEntryOfKey[Int(space)].value(for: declaration.key, insertingIfAbsent: next)
            if entry == next {
                entries.append(Entry(start: 0, count: 1))
                entryKeySpace.append(space)
            } else {
                entries[entry].count += 1
            }
            entryOfDeclaration.append(entry)
        }
        let entryDeclarations = listDeclarations(&entries, entryOfDeclaration)
        return (entries, entryDeclarations, entryOfKey, boundaryEntryOfKey, entryKeySpace)
    }

    /// Lays out the declarations of every entry, entry after entry, given each entry's count and
    /// each declaration's entry.
    static func listDeclarations(_ entries: inout [Entry], _ entryOfDeclaration: [Int]) -> [Int32] {
        var start: Int32 = 0
        for entry in entries.indices {
            entries[entry].start = start
            start += entries[entry].count
            entries[entry].count = 0
        }
        var entryDeclarations = [Int32](repeating: 0, count: entryOfDeclaration.count)
        for (declaration, entry) in entryOfDeclaration.enumerated() {
            entryDeclarations[entries[entry].range.upperBound] = Int32(declaration)
            entries[entry].count += 1
        }
        return entryDeclarations
    }
}
