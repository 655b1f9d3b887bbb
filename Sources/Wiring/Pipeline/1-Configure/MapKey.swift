/// The key of one map entry, as validation compares it and messages print it.
struct MapKey: Hashable {
    /// The key itself.
    let value: AnyHashable

    init<Key: Hashable & Sendable>(_ key: Key) {
        value = AnyHashable(key)
    }

    /// The key as code writes it: `"home"`, `42`, `Route.home`. Made only for messages and the
    /// graph. `String(reflecting:)` quotes a string and qualifies an enum case with its module,
    /// which is left out, as code in that module writes the case.
    var text: String {
        var text = String(reflecting: value.base)
        // A type private to a file prints an `(unknown context at $…)` segment, which changes
        // from build to build.
        while let start = text.firstRange(of: "(unknown context at $"), let end = text[start.upperBound...].firstRange(of: ").") {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        guard let module = TypeName.module(of: type(of: value.base)), text.hasPrefix(module + ".") else { return text }
        return String(text.dropFirst(module.count + 1))
    }
}

/// What a declaration does to a map `[Key: Value]`.
enum MapRole {
    /// Contributes one entry.
    case entry
    /// Declares the map, so that it may be empty (`Binder.declareMap`).
    case declaration
    /// Removes the entry a component contributes under a key: a test's replacement.
    case removal
}

/// One entry of one map: the map's binding key and the entry's key.
struct MapEntryID: Hashable {
    let map: BindingKey
    let key: MapKey

    /// The entry a declaration adds or removes; nil for a declaration that names no entry.
    init?(_ declaration: AnyDeclaration) {
        guard let key = declaration.mapKey else { return nil }
        self.map = declaration.key
        self.key = key
    }
}
