/// One call on a module's binder that the graph checks understand, read from the statements of
/// its `configure` body.
public struct BinderCall: Equatable, Sendable {
    /// What the call does.
    public enum Kind: Equatable, Sendable {
        /// `binder.bind(T.self)…`: the bound type as written (nil for `bind()`), its tag, what it
        /// contributes to, and whether a terminal finishes it (nil when the chain holds a call the
        /// reader does not know).
        case bind(type: String?, tag: String?, role: Role, finished: Bool?)
        /// `binder.expose(…)`, with the call as written.
        case expose(String)
        /// `binder.include(module: M.self)`, with the module as written.
        case include(String)
        /// `binder.declareMap([K: V].self)`: declares a map that may have no entries, and binds
        /// nothing the checks look at.
        case declareMap
    }

    /// What a binding adds to the graph.
    public enum Role: Equatable, Sendable {
        /// One value.
        case single
        /// An element of a collection.
        case collection
        /// An entry of a map, under a literal key (`"card"` is `"card"`, `7` is `7`), or nil when
        /// the key is not a literal the reader can compare.
        case map(key: String?)
    }

    /// What the call does.
    public var kind: Kind
    /// The line of the call's name (`bind`, `expose`, `include`).
    public var line: Int
    /// Its column.
    public var column: Int
    /// The `file:` the call passes as a string literal, which `of` reports instead of its
    /// `#fileID`.
    public var siteFile: String?
    /// The `line:` the call passes as a number, which `of` reports instead of its `#line`.
    public var siteLine: Int?
    /// `T` of a terminal `to(factory: T.init)` (or `throwingFactory:`, `asyncFactory:`,
    /// `mainActorFactory:`), as written: the typed checks read what its initialiser asks for.
    public var factoryInit: String?
    /// Whether the terminal is `to(value:)`, which asks for nothing.
    public var requestsNothing = false
    /// Whether the terminal binds an implementation, `to(T.self) { … }` or `to(T.self, as: …)`
    /// (any `to` whose first argument has no label): `of`'s sibling-library rule lets a wiring
    /// library bind another library's type to an implementation of its sibling.
    public var namesImplementation = false
    /// `T` of such a terminal, as written; nil when its argument is not a metatype the reader
    /// reads.
    public var implementation: String?
    /// For `binder.expose(…)`: `T` of `expose(T.self)` as written, nil when the call exposes a
    /// tag, a collection or a map (labelled), or its argument is not a metatype the reader reads.
    public var exposedType: String?
    /// For `binder.expose(…)`: whether it may expose one untagged binding (of `exposedType`,
    /// when the reader could read it): any call but `expose(tagged:)`, `expose(collectionOf:)`
    /// and `expose(map:)`.
    public var exposesBinding = false
}
