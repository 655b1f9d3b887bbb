import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command line writes: standard output for results, standard error for problems.
///
/// Writing never stops the process: a failed write of standard output (a full disk, a closed
/// stream, a pipe whose reader is gone) is remembered, and the command line then exits 73 when
/// the command had otherwise succeeded, saying what was done; a failed write of standard error
/// is ignored, as there is nowhere left to report it, and the exit status still tells.
public struct Console: Sendable {
    private let writeOutput: @Sendable (String) -> Int32?
    private let writeError: @Sendable (String) -> Void
    private let failures = OutputFailures()

    /// Creates a console from two writers that cannot fail.
    ///
    /// - Parameters:
    ///   - output: Writes to standard output.
    ///   - error: Writes to standard error.
    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.init(failableOutput: { output($0); return nil }, error: error)
    }

    /// Creates a console whose standard output can fail.
    ///
    /// - Parameters:
    ///   - output: Writes to standard output; returns the `errno` of a failure, or nil.
    ///   - error: Writes to standard error.
    public init(failableOutput output: @escaping @Sendable (String) -> Int32?, error: @escaping @Sendable (String) -> Void) {
        self.writeOutput = output
        self.writeError = error
    }

    /// The process's standard output and standard error, written with `write(2)`.
    public static var standard: Console {
        Console(
            failableOutput: { writeAll($0, to: STDOUT_FILENO) },
            error: { _ = writeAll($0, to: STDERR_FILENO) }
        )
    }

    /// Writes lines to standard output, with any unsafe character but the newlines between them
    /// escaped (``TerminalText``): the commands escape what they quote from outside, and this is
    /// the net under them.
    func print(_ lines: String) {
        if let code = writeOutput(Self.escapedLines(lines) + "\n") {
            failures.record(code)
        }
    }

    /// Writes a message to standard error as one line, every unsafe character escaped, newlines
    /// included: a message that quotes what came from outside can neither drive the terminal nor
    /// forge a line.
    func printError(_ message: String) {
        writeError(TerminalText.escaped(message) + "\n")
    }

    /// Writes a report of several lines to standard error (a broken object graph's diagnostics),
    /// every unsafe character but the newlines between them escaped.
    func printErrorLines(_ lines: String) {
        writeError(Self.escapedLines(lines) + "\n")
    }

    private static func escapedLines(_ text: String) -> String {
        guard !TerminalText.isPrintableASCII(text, newlines: true) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
    }

    /// Why standard output could not be written, if it could not: `No space left on device`.
    var outputFailure: String? {
        failures.first.map { String(cString: strerror($0)) }
    }

    /// Writes all of `text` to a file descriptor; the `errno` of a failure, or nil.
    private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        guard !StandardStreams.wasClosed(descriptor) else { return EBADF }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}

/// The first failure to write standard output, shared by the copies of a console.
private final class OutputFailures: Sendable {
    private let code = Mutex<Int32?>(nil)

    func record(_ failure: Int32) {
        code.withLock { $0 = $0 ?? failure }
    }

    var first: Int32? { code.withLock { $0 } }
}

/// A console that keeps what is written, for tests.
public final class RecordingConsole: Sendable {
    private let written = Mutex<(output: String, error: String)>(("", ""))

    /// Creates an empty recording.
    public init() {}

    /// The console that records.
    public var console: Console {
        Console(
            output: { text in self.written.withLock { $0.output += text } },
            error: { text in self.written.withLock { $0.error += text } }
        )
    }

    /// Everything written to standard output.
    public var output: String { written.withLock { $0.output } }
    /// Everything written to standard error.
    public var error: String { written.withLock { $0.error } }
}
