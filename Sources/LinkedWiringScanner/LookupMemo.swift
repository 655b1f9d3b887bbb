/// The answers of the typed lookups, which the checks ask again for each binding (its key, its
/// `init`'s parameters, in the missing-binding, cycle and kept-private checks): the facts do not
/// change during a run, so each is computed once.
final class LookupMemo {
    /// ``GraphCheck/resolve(_:library:)`` by library and name as written.
    var resolved: [String: String?] = [:]
    /// ``GraphCheck/typedKey(_:library:)`` by library and name as written.
    var typedKeys: [String: String?] = [:]
    /// ``GraphCheck/initParameters(_:library:)`` by library and name as written.
    var initParameters: [String: (module: String, parameters: [String])?] = [:]
    /// ``GraphCheck/initRequests(_:library:)`` by library and name as written.
    var initRequests: [String: [(key: String, written: String)]?] = [:]
    /// ``GraphCheck/parameterKey(_:module:library:depth:)`` by module and type as written.
    var parameterKeys: [String: String?] = [:]
    /// ``GraphCheck/siblings(ofWiringLibrary:)`` by library, with the prefixes of the keys of
    /// the types the library may bind (its siblings' and its own).
    var siblings: [String: (siblings: [String], prefixes: [String])?] = [:]
}
