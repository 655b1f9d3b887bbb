internal import Foundation
import Synchronization

/// Runs a program and waits for it: the compile-time scenario's builds, the depth scenario's
/// stack probes.
public enum ChildProcess {
    /// What a finished program left behind.
    public struct Outcome: Sendable {
        /// The exit status, or the number of the signal that ended it (see `wasSignalled`).
        public let status: Int32
        /// Whether a signal ended the program (a stack overflow ends it with SIGSEGV).
        public let wasSignalled: Bool
        public let standardOutput: String
        public let standardError: String
        /// How long it ran.
        public let duration: Duration

        /// Whether it exited with status 0.
        public var succeeded: Bool { !wasSignalled && status == 0 }
    }

    /// Runs `arguments[0]` (found on the `PATH`) with the rest as its arguments.
    ///
    /// - Parameters:
    ///   - arguments: The program and its arguments.
    ///   - directory: The working directory; the current one by default.
    ///   - environment: Variables to set on top of this process's environment.
    /// - Returns: The outcome.
    /// - Throws: When the program cannot be started.
    public static func run(_ arguments: [String], directory: String? = nil, environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
        let errorData = ReadResult()
        let errorRead = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        DispatchQueue.global().async {
            errorData.data.withLock { $0 = errorHandle.readDataToEndOfFile() }
            errorRead.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        let duration = clock.now - start
        return Outcome(
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.data.withLock { $0 }, as: UTF8.self),
            duration: duration
        )
    }
}

/// The standard error of a child, read on another thread.
private final class ReadResult: Sendable {
    let data = Mutex(Data())
}
