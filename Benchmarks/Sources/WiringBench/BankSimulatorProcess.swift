internal import Foundation

/// `Scripts/bank-simulator.py` on 127.0.0.1 with a fresh ledger, for one batch of the bank
/// client scenario.
final class BankSimulatorProcess {
    /// The simulator did not start, or did not stop cleanly.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The ledger file as the simulator writes it.
    struct Ledger: Decodable {
        struct Account: Decodable {
            let balance_cents: Int
        }

        struct Deposit: Decodable {
            let amount_cents: Int
            let idempotency_key: String
        }

        let accounts: [String: Account]
        let deposits: [Deposit]
    }

    /// `http://127.0.0.1:PORT`.
    let baseURL: String
    private let process: Process
    private let directory: URL
    private var ledgerURL: URL { directory.appendingPathComponent("ledger.json") }

    /// Starts the simulator and waits for its "listening on" line.
    ///
    /// The ledger lives on a memory file system when there is one (/dev/shm): the simulator
    /// rewrites and syncs it after every deposit, and the benchmark measures the clients, not
    /// the disk.
    init(repositoryPath: String) throws {
        let fileManager = FileManager.default
        let memory = URL(fileURLWithPath: "/dev/shm")
        let parent = fileManager.isWritableFile(atPath: memory.path) ? memory : fileManager.temporaryDirectory
        directory = parent.appendingPathComponent("wiring-bench-bank-\(UUID().uuidString)")
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)

        // A one-line launcher clears the signal mask, then becomes the simulator: a child
        // inherits its parent thread's mask, and Foundation's threads block SIGTERM.
        let launcher = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); os.execv(sys.executable, [sys.executable] + sys.argv[1:])"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", launcher, repositoryPath + "/Scripts/bank-simulator.py",
            "--ledger", directory.appendingPathComponent("ledger.json").path, "--port", "0",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice  // one line per request
        process.standardInput = FileHandle.nullDevice
        try process.run()

        let prefix = "bank simulator listening on "
        var line = Data()
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix(prefix) else {
            process.terminate()
            throw Failure(description: "the bank simulator did not start: '\(text)'")
        }
        baseURL = String(text.dropFirst(prefix.count))
    }

    /// Stops the simulator with SIGTERM, waits for it to write its ledger and exit, and returns
    /// the ledger.
    func stop() throws -> Ledger {
        process.terminate()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "the bank simulator exited with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Ledger.self, from: Data(contentsOf: ledgerURL))
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
