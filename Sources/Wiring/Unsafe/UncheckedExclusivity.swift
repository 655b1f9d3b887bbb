// The stored properties that leave out the runtime's exclusivity check, reached only through
// these accessors. `@exclusivity(unchecked)` must sit on the stored property, in its class's
// body; reading or writing such a property is unsafe (strict memory safety), so the rest of
// Wiring uses the accessor of the same name without the underscore.
//
// Safe because of how the classes are used, not what the compiler can check: a `GraphBuilder`
// and a `ResolvedGraph` are touched only by the thread running `ComponentFactory.of`, one access
// at a time; an `AnyNode` is written only while its graph is linked, before any resolver can read
// it. The accessors are inlined: `of` and the resolvers compile to the direct accesses they wrap
// (`Scripts/check-thresholds`).

extension ResolvedGraph {
    var entries: [Entry] {
        @inline(__always) _read { yield unsafe _entries }
        @inline(__always) _modify { yield &(unsafe _entries) }
    }
    var entryDeclarations: [Int32] {
        @inline(__always) _read { yield unsafe _entryDeclarations }
        @inline(__always) _modify { yield &(unsafe _entryDeclarations) }
    }
    var entryOfKey: KeyTable {
        @inline(__always) _read { yield unsafe _entryOfKey }
        @inline(__always) _modify { yield &(unsafe _entryOfKey) }
    }
    var inheritedCollections: [Int: (depth: Int, entry: Int)] {
        @inline(__always) _read { yield unsafe _inheritedCollections }
        @inline(__always) _modify { yield &(unsafe _inheritedCollections) }
    }
    var requests: [DependencyRequest] {
        @inline(__always) _read { yield unsafe _requests }
        @inline(__always) _modify { yield &(unsafe _requests) }
    }
    var resolutions: [Resolution] {
        @inline(__always) _read { yield unsafe _resolutions }
        @inline(__always) _modify { yield &(unsafe _resolutions) }
    }
    var resolutionStart: [Int32] {
        @inline(__always) _read { yield unsafe _resolutionStart }
        @inline(__always) _modify { yield &(unsafe _resolutionStart) }
    }
    var nodes: [AnyNode] {
        @inline(__always) _read { yield unsafe _nodes }
        @inline(__always) _modify { yield &(unsafe _nodes) }
    }
    var depths: [Int32] {
        @inline(__always) _read { yield unsafe _depths }
        @inline(__always) _modify { yield &(unsafe _depths) }
    }
    var releaseOrder: [Int32] {
        @inline(__always) _read { yield unsafe _releaseOrder }
        @inline(__always) _modify { yield &(unsafe _releaseOrder) }
    }
}

extension GraphBuilder {
    var declarations: [AnyDeclaration] {
        @inline(__always) _read { yield unsafe _declarations }
        @inline(__always) _modify { yield &(unsafe _declarations) }
    }
    var installations: [any InstalledSubcomponent] {
        @inline(__always) _read { yield unsafe _installations }
        @inline(__always) _modify { yield &(unsafe _installations) }
    }
    var installedComponents: KeyTable {
        @inline(__always) _read { yield unsafe _installedComponents }
        @inline(__always) _modify { yield &(unsafe _installedComponents) }
    }
    var inclusions: [Inclusion] {
        @inline(__always) _read { yield unsafe _inclusions }
        @inline(__always) _modify { yield &(unsafe _inclusions) }
    }
    var includedModules: KeyTable {
        @inline(__always) _read { yield unsafe _includedModules }
        @inline(__always) _modify { yield &(unsafe _includedModules) }
    }
    var moduleStack: [any Any.Type] {
        @inline(__always) _read { yield unsafe _moduleStack }
        @inline(__always) _modify { yield &(unsafe _moduleStack) }
    }
    var pendingLinks: [LinkBox<Any>?] {
        @inline(__always) _read { yield unsafe _pendingLinks }
        @inline(__always) _modify { yield &(unsafe _pendingLinks) }
    }
    var bindCalls: [BindCall] {
        @inline(__always) _read { yield unsafe _bindCalls }
        @inline(__always) _modify { yield &(unsafe _bindCalls) }
    }
}

extension AnyNode {
    var box: ResolverBox<Any> {
        @inline(__always) _read { yield unsafe _box }
        @inline(__always) _modify { yield &(unsafe _box) }
    }
    var extras: NodeExtras? {
        @inline(__always) _read { yield unsafe _extras }
        @inline(__always) _modify { yield &(unsafe _extras) }
    }
}
