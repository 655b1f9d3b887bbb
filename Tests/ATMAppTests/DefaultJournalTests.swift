import ATMTestSupport
import Foundation
import Testing

/// The default journal's place depends on the environment alone: never on the name the app was
/// run by (a link named `atm-prod`, an empty `argv[0]`) nor on the current folder.
@Suite(.serialized)
struct DefaultJournalTests {
    @Test(arguments: ["atm-prod", ""])
    func aPendingDepositLandsInTheDefaultJournalWhateverTheAppIsCalled(argumentZero: String) async throws {
        let folder = try BankIdentityTests.makeFolder("argv0")
        let state = folder + "/state"
        // Nothing listens on port 9: the deposit is refused and leaves no entry; `pending` must
        // read the same journal as `atm` does. A bank that drops the reply leaves one.
        let bank = try await BankSimulator.start(accounts: [:], faults: ["drop-before:times=3"])
        defer { bank.stop() }
        let deposit = try await Self.run(
            argumentZero: argumentZero, ["deposit", "20", "--account", "alice", "--bank", bank.baseURL, "--timeout", "2"],
            state: state, in: folder
        )
        #expect(deposit.status == 75)
        let listing = try await CommandRunner.run("atm", ["pending"], environment: ["XDG_STATE_HOME": state])
        #expect(listing.output.hasPrefix("1 deposit pending in \(state)/atm/journal.json:\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["atm"])
    }

    @Test func withoutHomeTheDefaultJournalIsRefusedWithItsFix() async throws {
        let run = try await CommandRunner.run("atm", ["pending"], environment: ["HOME": "", "XDG_STATE_HOME": ""])
        #expect(run == CommandRunner.Run(
            status: 64, output: "",
            error: "atm: no place for the deposit journal: HOME is not set to an absolute path (nor XDG_STATE_HOME); "
                + "pass --journal PATH, or set ATM_JOURNAL or HOME\n"
        ))
        let relative = try await CommandRunner.run("atm", ["pending"], environment: ["HOME": "home", "XDG_STATE_HOME": "state"])
        #expect(relative.status == 64)
    }

    /// Runs `atm` with `argumentZero` as its `argv[0]`, in `folder`, through bash's `exec -a`.
    private static func run(argumentZero: String, _ arguments: [String], state: String, in folder: String) async throws -> (status: Int32, error: String) {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/bin/bash")
                    process.arguments = ["-c", "exec -a \"$0\" \"$@\"", argumentZero, CommandRunner.productsDirectory + "/atm"] + arguments
                    process.currentDirectoryURL = URL(fileURLWithPath: folder)
                    process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder, "XDG_STATE_HOME": state]
                    let error = Pipe()
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = error
                    try process.run()
                    let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    return (process.terminationStatus, text)
                })
            }
            thread.start()
        }
    }
}
