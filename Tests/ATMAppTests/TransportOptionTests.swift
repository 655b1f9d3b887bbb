import ATMTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The transport options are judged when the graph is built, before anything is recorded or
/// sent, whatever the bank's scheme: a CA file that is missing, a folder, a FIFO or not PEM
/// certificates is a usage error (64), and a FIFO never holds the app.
@Suite(.serialized)
struct TransportOptionTests {
    @Test(arguments: [
        ("missing", "cannot be read: No such file or directory"),
        ("folder", "is a folder, not a file"),
        ("fifo", "is a FIFO, not a file"),
        ("garbage", "holds no PEM certificate (-----BEGIN CERTIFICATE-----)"),
        ("truncated", "has a certificate (number 1) whose body is not base64 of a certificate"),
    ])
    func aCAFileThatCannotBeUsedExits64AndNothingIsRecordedOrSent(name: String, problem: String) async throws {
        let bank = try await BankSimulator.start(accounts: [:])
        defer { bank.stop() }
        let folder = try BankIdentityTests.makeFolder("ca")
        let caFile = folder + "/" + name
        switch name {
        case "folder": try FileManager.default.createDirectory(atPath: caFile, withIntermediateDirectories: false)
        case "fifo": #expect(mkfifo(caFile, 0o600) == 0)
        case "garbage": try "not a certificate\n".write(toFile: caFile, atomically: true, encoding: .utf8)
        case "truncated": try (TestCertificate.truncatedPEM + "\n").write(toFile: caFile, atomically: true, encoding: .utf8)
        default: break
        }
        let journal = folder + "/journal.json"
        let refusal = "atm: the CA file \(caFile) \(problem); give a readable PEM file of certificates of at most 1 MiB\n"
        let flags = ["--journal", journal, "--timeout", "2", "--connect-timeout", "1"]

        let deposit = try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", bank.baseURL, "--ca-file", caFile] + flags)
        #expect(deposit == CommandRunner.Run(status: 64, output: "", error: refusal))
        let fromEnvironment = try await CommandRunner.run(
            "atm", ["deposit", "20", "--account", "alice", "--bank", bank.baseURL] + flags, environment: ["ATM_CA_FILE": caFile]
        )
        #expect(fromEnvironment == CommandRunner.Run(status: 64, output: "", error: refusal))
        let sync = try await CommandRunner.run("atm", ["sync", "--bank", bank.baseURL, "--ca-file", caFile] + flags)
        #expect(sync == CommandRunner.Run(status: 64, output: "", error: refusal))
        // Without --bank, each deposit goes to its own bank; the CA file is still the caller's to fix.
        let everyBank = try await CommandRunner.run("atm", ["sync", "--ca-file", caFile] + flags)
        #expect(everyBank == CommandRunner.Run(status: 64, output: "", error: refusal))
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try bank.ledger().deposits.isEmpty)
        // pending uses no transport option: it does not judge them.
        let pending = try await CommandRunner.run("atm", ["pending", "--ca-file", caFile, "--journal", journal])
        #expect(pending == CommandRunner.Run(status: 0, output: "No deposits pending in \(journal).\n", error: ""))
    }

    /// An empty `ATM_BANK_TOKEN` is no token, as an empty variable is for every setting; so the
    /// refusal of a token that cannot be sent does not say a token must be non-empty.
    @Test func anEmptyTokenIsNoTokenAndABadTokensRefusalSaysOnlyWhatIsWrong() async throws {
        let server = try ScriptedHTTPServer(script: [
            .status(201, headers: ["Content-Type: application/json"], body: #"{"deposit_id":"dep-1","account":"alice","amount_cents":2000,"balance_cents":2000}"#),
        ])
        defer { server.stop() }
        let folder = try BankIdentityTests.makeFolder("token")
        let arguments = ["deposit", "20", "--account", "alice", "--bank", server.baseURL, "--journal", folder + "/journal.json"]

        let empty = try await CommandRunner.run("atm", arguments, environment: ["ATM_BANK_TOKEN": ""])
        #expect(empty.status == 0, "\(empty)")
        #expect(server.requests.map { $0.header("Authorization") } == [nil])

        let spaced = try await CommandRunner.run("atm", arguments, environment: ["ATM_BANK_TOKEN": "two words"])
        #expect(spaced == CommandRunner.Run(
            status: 64, output: "",
            error: "atm: invalid bank configuration: the bearer token must be made of visible ASCII characters only "
                + "(no spaces, tabs, line breaks or other characters)\n"
        ))
        #expect(server.requests.count == 1)
    }
}
