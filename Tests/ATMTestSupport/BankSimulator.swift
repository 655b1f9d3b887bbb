import Foundation
import Synchronization

/// `Scripts/bank-simulator.py` running on 127.0.0.1 for one test: its own port, ledger file and
/// temporary directory.
///
/// ```swift
/// let bank = try BankSimulator(accounts: ["alice": 10_000])
/// let configuration = try BankConfiguration(baseURL: bank.baseURL)
/// // … deposit …
/// #expect(try bank.ledger().deposits.count == 1)
/// ```
///
/// Everything is bounded: start-up waits at most ``startupTimeout`` for the "listening on" line,
/// ``stop()`` sends SIGTERM and then SIGKILL, and `deinit` stops the process and deletes the
/// temporary directory.
public final class BankSimulator: Sendable {
    /// The simulator failed to start, or a control request failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the simulator's stderr when it helps.
        public let description: String
    }

    /// A certificate and its key, for a simulator that serves HTTPS.
    public struct TLSFiles: Sendable {
        /// The PEM certificate chain.
        public let certificatePath: String
        /// The PEM private key.
        public let keyPath: String

        /// Names the files.
        public init(certificatePath: String, keyPath: String) {
            self.certificatePath = certificatePath
            self.keyPath = keyPath
        }
    }

    /// How long start-up may take before the test gives up: five minutes, a hang detector, not a
    /// verdict on speed. The wait ends as soon as the simulator reports its URL or exits; a busy
    /// machine (a load of 14 on 2 cores) took the simulator more than 10 s to start.
    public static let startupTimeout = Duration.seconds(300)
    /// How long the simulator has to exit after SIGTERM before it is killed.
    public static let stopTimeout = Duration.seconds(5)

    /// The simulator's base URL: `http://127.0.0.1:PORT` (or `https://`).
    public let baseURL: String
    /// The ledger file.
    public let ledgerPath: String
    /// The temporary directory holding the ledger and the simulator's output.
    public let directory: String
    private let stderrPath: String
    private let process: Mutex<Process?>

    /// The repository's root, found from this file's path.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `python3 -c` code that clears the signal mask, then runs `sys.argv[1:]` with Python.
    private static let unblockingLauncher =
        "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); os.execv(sys.executable, [sys.executable] + sys.argv[1:])"

    /// The interpreter that `python3` on the `PATH` runs, asked once per test process: a version
    /// manager's `python3` may be a shim (pyenv's is a shell script that runs a dozen programs,
    /// which cost more than the simulator's own start-up) that would otherwise run again for
    /// every simulator. Nil when `python3` cannot say, and every start then goes through
    /// `/usr/bin/env python3`.
    private static let interpreter: String? = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import sys; print(sys.executable)"]
        let output = Pipe()
        probe.standardInput = FileHandle.nullDevice
        probe.standardOutput = output
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard probe.terminationStatus == 0, path.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return path
    }()

    /// The simulator script.
    public static var scriptPath: String { repositoryRoot + "/Scripts/bank-simulator.py" }

    /// Starts a simulator without blocking the caller's thread: the start-up wait runs on a
    /// thread of its own, so tests running in parallel do not starve Swift's cooperative pool.
    ///
    /// - Parameters: See ``init(accounts:token:faults:tls:seed:)``.
    /// - Returns: The running simulator.
    /// - Throws: ``Failure`` when it does not print its URL within ``startupTimeout``.
    public static func start(
        accounts: [String: Int] = ["alice": 10_000],
        token: String? = nil,
        faults: [String] = [],
        tls: TLSFiles? = nil,
        seed: Int? = nil
    ) async throws -> BankSimulator {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result {
                    try BankSimulator(accounts: accounts, token: token, faults: faults, tls: tls, seed: seed)
                })
            }
            thread.name = "bank-simulator-start"
            thread.start()
        }
    }

    /// Starts a simulator, blocking until it reports its URL.
    ///
    /// - Parameters:
    ///   - accounts: Opening balances in cents, written to the ledger before start.
    ///   - token: The bearer token it requires, if any.
    ///   - faults: `--fault` specs, such as `drop-after:times=1`.
    ///   - tls: A certificate and key to serve HTTPS with.
    ///   - seed: The seed of the faults' `rate` draws.
    /// - Throws: ``Failure`` when it does not print its URL within ``startupTimeout``.
    public init(
        accounts: [String: Int] = ["alice": 10_000],
        token: String? = nil,
        faults: [String] = [],
        tls: TLSFiles? = nil,
        seed: Int? = nil
    ) throws {
        let fileManager = FileManager.default
        directory = fileManager.temporaryDirectory.appendingPathComponent("bank-simulator-\(UUID().uuidString)").path
        try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        ledgerPath = directory + "/ledger.json"
        stderrPath = directory + "/stderr.log"
        let stdoutPath = directory + "/stdout.log"

        let openingLedger: [String: Any] = [
            "accounts": accounts.mapValues { ["balance_cents": $0] },
            "deposits": [Any](),
        ]
        try JSONSerialization.data(withJSONObject: openingLedger, options: [.sortedKeys]).write(to: URL(fileURLWithPath: ledgerPath))
        guard fileManager.createFile(atPath: stdoutPath, contents: nil), fileManager.createFile(atPath: stderrPath, contents: nil) else {
            throw Failure(description: "cannot create the simulator's output files in \(directory)")
        }

        // Python runs a one-line launcher that unblocks every signal and then becomes the
        // simulator (same process): a child inherits its parent thread's signal mask, and the
        // threads Foundation starts block SIGTERM, which would leave the simulator deaf to stop().
        var arguments = ["-c", Self.unblockingLauncher, Self.scriptPath, "--ledger", ledgerPath, "--host", "127.0.0.1", "--port", "0"]
        if let token { arguments += ["--token", token] }
        if let tls { arguments += ["--tls-cert", tls.certificatePath, "--tls-key", tls.keyPath] }
        for fault in faults { arguments += ["--fault", fault] }
        if let seed { arguments += ["--seed", String(seed)] }

        let child = Process()
        if let interpreter = Self.interpreter {
            child.executableURL = URL(fileURLWithPath: interpreter)
            child.arguments = arguments
        } else {
            child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            child.arguments = ["python3"] + arguments
        }
        child.standardInput = FileHandle.nullDevice
        let outputs = [FileHandle(forWritingAtPath: stdoutPath), FileHandle(forWritingAtPath: stderrPath)]
        child.standardOutput = outputs[0]
        child.standardError = outputs[1]
        // The child has its own copies once started: the test process closes its own, or every
        // simulator of a run would keep two descriptors open until the run ends.
        defer { for output in outputs { try? output?.close() } }
        do {
            try child.run()
        } catch {
            try? fileManager.removeItem(atPath: directory)
            throw Failure(description: "cannot start \(Self.scriptPath): \(error)")
        }

        let url = Self.waitForURL(in: stdoutPath, process: child)
        guard let url else {
            Self.terminate(child)
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            try? fileManager.removeItem(atPath: directory)
            throw Failure(description: "the bank simulator did not report its URL within \(Self.startupTimeout); stderr:\n\(stderr)")
        }
        baseURL = url
        process = Mutex(child)
    }

    /// Sends SIGTERM and deletes the temporary directory at once; waiting for the exit (then
    /// SIGKILL if needed) happens on a thread of its own, so that dropping a simulator never
    /// blocks the test that dropped it. (Nobody reads the ledger of a dropped simulator, so it
    /// does not matter that its last save fails.)
    deinit {
        let child = process.withLock { process in defer { process = nil }; return process.map(ChildProcess.init) }
        child?.process.terminate()
        try? FileManager.default.removeItem(atPath: directory)
        if let child {
            let waiter = Thread { Self.terminate(child.process) }
            waiter.name = "bank-simulator-stop"
            waiter.start()
        }
    }

    // MARK: - Ledger and faults

    /// The ledger as the simulator last wrote it (it rewrites the file atomically after every
    /// credit).
    ///
    /// - Returns: The ledger.
    /// - Throws: When the file cannot be read or decoded.
    public func ledger() throws -> Ledger {
        try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: URL(fileURLWithPath: ledgerPath)))
    }

    /// Replaces the active faults, through `POST /_control/faults`.
    ///
    /// - Parameter faults: Fault specs, such as `status:code=503,times=2`.
    /// - Throws: ``Failure`` when the simulator rejects them.
    public func setFaults(_ faults: [String]) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["faults": faults])
        try await control("POST", "/_control/faults", body: Array(body))
    }

    /// Removes every active fault, through `DELETE /_control/faults`.
    ///
    /// - Throws: ``Failure`` when the request fails.
    public func clearFaults() async throws {
        try await control("DELETE", "/_control/faults", body: nil)
    }

    /// What the simulator wrote on stderr so far (one line per request; never the token).
    public var stderr: String {
        (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
    }

    private func control(_ method: String, _ path: String, body: [UInt8]?) async throws {
        guard baseURL.hasPrefix("http://") else {
            throw Failure(description: "the control endpoint of an HTTPS simulator is not supported here; pass faults to init")
        }
        let reply = try await LoopbackHTTPClient.send(method: method, url: baseURL + path, body: body)
        guard reply.status == 200 else {
            throw Failure(description: "\(method) \(path) answered HTTP \(reply.status): \(reply.text)")
        }
    }

    // MARK: - Stopping

    /// Stops the simulator: SIGTERM, then SIGKILL after ``stopTimeout``. Safe to call twice.
    public func stop() {
        guard let child = process.withLock({ process in defer { process = nil }; return process }) else { return }
        Self.terminate(child)
    }

    private static func terminate(_ child: Process) {
        guard child.isRunning else { return }
        child.terminate()  // SIGTERM; sending it twice is harmless
        if !waitForExit(child, within: stopTimeout) {
            kill(child.processIdentifier, SIGKILL)
            _ = waitForExit(child, within: stopTimeout)
        }
    }

    private static func waitForExit(_ child: Process, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while child.isRunning {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    private static func waitForURL(in stdoutPath: String, process child: Process) -> String? {
        let prefix = "bank simulator listening on "
        let deadline = ContinuousClock.now + startupTimeout
        while ContinuousClock.now < deadline {
            let output = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }), output.contains("\n") {
                return String(line.dropFirst(prefix.count))
            }
            guard child.isRunning else { return nil }
            usleep(20_000)
        }
        return nil
    }
}

/// A child process handed to the thread that waits for it to exit.
// @unchecked Sendable: once `deinit` hands the process over, only the clean-up thread uses it.
private final class ChildProcess: @unchecked Sendable {
    let process: Process

    init(_ process: Process) {
        self.process = process
    }
}
