/// Why the deposit journal cannot be read or written.
public struct JournalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: Sendable, Hashable {
        /// The file exists but is not a journal this ATM wrote: it is left as it is.
        case corrupt
        /// The file system refused a read, a write, or a sync; or the journal's path names
        /// something that is not a file.
        case inputOutput
        /// Another process held the journal's lock for longer than the journal waits.
        case locked
        /// The change would make the journal larger than it can read
        /// (``FileDepositJournal/maximumFileSize``): it was not made, and the journal is as it was.
        case full
        /// The deposit was written to the journal, but the write could not be made durable, nor
        /// undone durably: it was not sent, and the journal lists it (or, when the undo is in
        /// place but not durable, may list it again after a crash); a sync sends what it lists.
        case leftUnsent
    }

    /// The kind of problem.
    public let kind: Kind
    /// What happened, where, and what to do.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func corrupt(_ path: String, _ detail: String) -> JournalError {
        JournalError(
            kind: .corrupt,
            message: "the deposit journal \(path) is corrupt (\(detail)); it was left as it is: "
                + "move it aside to start a new journal, and reconcile the deposits it lists with the bank"
        )
    }

    static func full(_ path: String, bytes: Int) -> JournalError {
        JournalError(
            kind: .full,
            message: "the deposit journal \(path) is full: with this deposit it would be \(bytes) bytes, "
                + "more than the \(FileDepositJournal.maximumFileSize >> 20) MiB it can read"
        )
    }

    static func inputOutput(_ path: String, _ action: String, errno code: Int32) -> JournalError {
        JournalError(kind: .inputOutput, message: "cannot \(action) the deposit journal \(path): \(errorText(code))")
    }

    /// The text of an `errno` value: `No space left on device`.
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
