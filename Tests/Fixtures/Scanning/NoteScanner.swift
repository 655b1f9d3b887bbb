// A core library of the wiring-rule fixtures: WiringTests' own stand-in for a library such as
// the ATM's BillScanner, so that the library's tests build nothing of the ATM example.

/// Counts the notes put into a till.
public struct NoteScanner: Sendable {
    /// Creates a scanner.
    public init() {}
}
