@_spi(Testing) public import Wiring

extension Binder {
    /// Removes the entry under `key` from the component's map `[Key: Value]`, in a test's
    /// replacements (`ComponentFactory.of(_:replacing:)`).
    ///
    /// To replace an entry instead, contribute the replacement under the same key:
    /// `binder.bind(V.self).intoMap(key: key).to(...)` in the replacements replaces that one
    /// entry and leaves the others. Both show in the graph as overrides; removing a key the map
    /// does not have is a validation error, and so is a removal outside a test's replacements.
    ///
    /// ```swift
    /// let factory = try ComponentFactory.of(AppComponent.self, replacing: { binder in
    ///     binder.removeEntry(forKey: "settings", from: [String: any DeepLinkHandler].self)
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key of the entry to remove.
    ///   - type: The map's type.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func removeEntry<Key: Hashable & Sendable, Value>(
        forKey key: Key, from type: [Key: Value].Type, file: StaticString = #fileID, line: Int = #line
    ) {
        _removeEntry(forKey: key, from: type, tag: nil, file: file, line: line)
    }

    /// Removes the entry under `key` from the component's tagged map, in a test's replacements
    /// (see ``removeEntry(forKey:from:file:line:)``).
    ///
    /// - Parameters:
    ///   - key: The key of the entry to remove.
    ///   - tag: The map's tag; its `Element` is `[Key: Value]`.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    public func removeEntry<Key: Hashable & Sendable, Value, T: BindingTag>(
        forKey key: Key, fromMapTaggedWith tag: T.Type, file: StaticString = #fileID, line: Int = #line
    ) where T.Element == [Key: Value] {
        _removeEntry(forKey: key, from: [Key: Value].self, tag: T.self, file: file, line: line)
    }
}
