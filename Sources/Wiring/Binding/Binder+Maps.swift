extension Binder {
    /// Declares the map `[Key: Value]`, so that a factory may take it even when no included
    /// module contributes an entry: it is then empty.
    ///
    /// A map that nothing contributes to and nothing declares is a missing binding, as an
    /// array collection is: asking for `[String: Handler]` where the entries are contributed as
    /// `[Route: Handler]` is a mistake that validation should catch, not an empty map. Declare
    /// the map in the module that owns the registry when having no entries is legitimate, for
    /// instance in an app that links no feature library. Declaring a map twice is harmless.
    ///
    /// ```swift
    /// binder.declareMap([String: any DeepLinkHandler].self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The map's type.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func declareMap<Key: Hashable & Sendable, Value>(_ type: [Key: Value].Type, file: StaticString = #fileID, line: Int = #line) {
        addMapDeclaration(.declaration, key: nil as Key?, of: type, tag: nil, site: CallSite(file: file, line: line))
    }

    /// Declares the tagged map `[Key: Value]`, requested as `TaggedProvider<T>`, so that it may
    /// have no entries (see ``declareMap(_:file:line:)``).
    ///
    /// - Parameters:
    ///   - type: The map's type.
    ///   - tag: The map's tag; its `Element` is `[Key: Value]`.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func declareMap<Key: Hashable & Sendable, Value, T: BindingTag>(
        _ type: [Key: Value].Type, tagged tag: T.Type, file: StaticString = #fileID, line: Int = #line
    ) where T.Element == [Key: Value] {
        addMapDeclaration(.declaration, key: nil as Key?, of: type, tag: T.self, site: CallSite(file: file, line: line))
    }

    /// Removes the entry under `key` from the component's map: for a test's replacements, made
    /// visible in the graph. Use `WiringTesting`'s `removeEntry(forKey:from:)`.
    @_spi(Testing)
    public func _removeEntry<Key: Hashable & Sendable, Value>(
        forKey key: Key, from type: [Key: Value].Type, tag: (any BindingTag.Type)?, file: StaticString, line: Int
    ) {
        graph.noteMapRemoval()
        addMapDeclaration(.removal, key: key, of: type, tag: tag, site: CallSite(file: file, line: line))
    }

    private func addMapDeclaration<Key: Hashable & Sendable, Value>(
        _ role: MapRole, key: Key?, of type: [Key: Value].Type, tag: (any Any.Type)?, site: CallSite
    ) {
        graph.noteMap()
        graph.add(MapEntryDeclaration<Key, Value>(
            role, under: key, mapKey: BindingKey([Key: Value].self, tag: tag), site: site, declaringModule: graph.currentModule
        ))
    }
}
