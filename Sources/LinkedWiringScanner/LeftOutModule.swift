/// A module `LinkedWiring` leaves out, and why; the generated file lists them in a comment.
package struct LeftOutModule: Equatable, Sendable {
    /// The module as its library names it (`StorageWiring.SessionModule`).
    package var name: String
    /// Where it is declared: `Library/File.swift:line`.
    package var location: String
    /// Why it is left out.
    package var reason: String
}
