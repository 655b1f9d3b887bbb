public import Foundation
import Network

/// Runs a built executable of this package and collects what it printed and how it exited.
public enum CommandRunner {
    /// One finished run.
    public struct Run: Sendable, Equatable {
        /// The exit status.
        public let status: Int32
        /// Everything written to standard output.
        public let output: String
        /// Everything written to standard error.
        public let error: String

        /// Creates a run, to compare with.
        public init(status: Int32, output: String, error: String) {
            self.status = status
            self.output = output
            self.error = error
        }
    }

    /// Where a command's standard output or standard error goes.
    public enum Stream: Sendable {
        /// Into the run's result.
        case capture
        /// Into a file or device, such as `/dev/full`.
        case file(String)
        /// Nowhere: the descriptor is closed when the command starts (`>&-`).
        case closed
        /// Into a pipe whose reader is already gone.
        case brokenPipe
    }

    /// The longest a command may run before it is killed and the test fails: five minutes, a
    /// hang detector rather than a verdict on speed (a loaded machine slows every command).
    public static let timeout = Duration.seconds(300)

    /// The folder of the package's built products: the folder of the running test bundle.
    public static var productsDirectory: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// Runs a product such as `atm` with arguments and an environment, without blocking Swift's
    /// cooperative pool.
    ///
    /// - Parameters:
    ///   - product: The executable's name in the products folder.
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to a minimal environment: `PATH`, `HOME`, and an
    ///     `XDG_STATE_HOME` of the run's own, so that the caller's `ATM_*` variables never leak in
    ///     and the default deposit journal is never the user's.
    /// - Returns: The result.
    /// - Throws: When the executable cannot be started, or runs longer than ``timeout``.
    ///   - output: Where standard output goes.
    ///   - error: Where standard error goes.
    public static func run(
        _ product: String, _ arguments: [String], environment: [String: String] = [:], output: Stream = .capture, error: Stream = .capture
    ) async throws -> Run {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result {
                    try runBlocking(product, arguments, environment: environment, output: output, error: error)
                })
            }
            thread.name = "command-runner"
            thread.start()
        }
    }

    /// Starts a product and returns it running, for tests that kill it midway.
    public static func start(_ product: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: productsDirectory + "/" + product)
        process.arguments = arguments
        process.environment = baseEnvironment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    private static let baseEnvironment: [String: String] = {
        let inherited = ProcessInfo.processInfo.environment
        return ["PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": inherited["HOME"] ?? "/tmp"]
    }()

    private static func runBlocking(
        _ product: String, _ arguments: [String], environment: [String: String], output: Stream, error: Stream
    ) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        let executable = productsDirectory + "/" + product
        let closing = [(output, 1), (error, 2)].compactMap { stream, descriptor in
            if case .closed = stream { " \(descriptor)>&-" } else { nil }
        }
        let hasRawBytes = arguments.contains { $0.unicodeScalars.contains { SystemBytes.rawByte($0) != nil } }
        if closing.isEmpty, !hasRawBytes {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else if !hasRawBytes {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\"" + closing.joined(), executable] + arguments
        } else {
            // An argument that is not UTF-8 (SystemBytes text) cannot go through Foundation,
            // which passes UTF-8: the shell's printf writes its exact bytes.
            let words = arguments.map { argument in
                "\"$(printf '" + SystemBytes.bytes(argument).map { "\\" + String($0, radix: 8) }.joined() + "')\""
            }
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" " + words.joined(separator: " ") + closing.joined(), executable]
        }
        process.environment = baseEnvironment
            .merging(["XDG_STATE_HOME": directory.appendingPathComponent("state").path]) { _, new in new }
            .merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        let childOutput = try handle(for: output, capturingTo: outputURL)
        let childError = try handle(for: error, capturingTo: errorURL)
        process.standardOutput = childOutput
        process.standardError = childError
        // The child has its own copies once started; closing this process's ones keeps a run of
        // thousands of commands within the descriptor limit (1,024 on many machines).
        defer { for handle in [childOutput, childError] { closeOwnEnd(handle) } }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let (seconds, attoseconds) = timeout.components
        if finished.wait(timeout: .now() + .seconds(Int(seconds)) + .nanoseconds(Int(attoseconds / 1_000_000_000))) == .timedOut {
            // SIGKILL: a child started from a thread that blocks signals (as Foundation's and
            // Swift concurrency's threads do) inherits the mask and would ignore SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + .seconds(5))
            throw CommandFailure(description: "\(product) \(arguments.joined(separator: " ")) ran longer than \(timeout) and was stopped")
        }
        return Run(
            status: process.terminationStatus,
            output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            error: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        )
    }

    /// Closes this process's end of what a child's descriptor was given.
    private static func closeOwnEnd(_ handle: Any) {
        if let file = handle as? FileHandle, file !== FileHandle.nullDevice {
            try? file.close()
        } else if let pipe = handle as? Pipe {
            try? pipe.fileHandleForWriting.close()
        }
    }

    /// What a child's descriptor is given for a stream.
    private static func handle(for stream: Stream, capturingTo url: URL) throws -> Any {
        switch stream {
        case .capture, .closed:
            return try FileHandle(forWritingTo: url)
        case let .file(path):
            return FileHandle(forWritingAtPath: path) ?? FileHandle.nullDevice
        case .brokenPipe:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            return pipe
        }
    }

    /// A command that could not be run to its end.
    public struct CommandFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String

        /// Creates a failure.
        public init(description: String) {
            self.description = description
        }
    }
}
