import Foundation
import Synchronization

/// Where the command line writes: standard output for results, standard error for problems.
public struct Console: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// Creates a console from two writers.
    ///
    /// - Parameters:
    ///   - output: Writes to standard output.
    ///   - error: Writes to standard error.
    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.writeOutput = output
        self.writeError = error
    }

    /// The process's standard output and standard error.
    public static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) }
    )

    /// Writes a line to standard output.
    func print(_ line: String) {
        writeOutput(line + "\n")
    }

    /// Writes a line to standard error.
    func printError(_ line: String) {
        writeError(line + "\n")
    }
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
