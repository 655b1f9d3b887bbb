/// A module `LinkedWiring` leaves out, and why; the generated file lists them in a comment.
public struct LeftOutModule: Equatable, Sendable {
    /// The module as its library names it (`StorageWiring.SessionModule`).
    public var name: String
    /// Where it is declared: `Library/File.swift:line`.
    public var location: String
    /// Why it is left out.
    public var reason: String
    /// Whether it is left out because the scan cannot read its scope, which may be `Singleton`
    /// or `Unscoped` after all: the root may then need what it binds, so the graph checks cannot
    /// tell a binding missing.
    public var scopeIsUnread = false
}
