import ATMTestSupport
import Foundation
import Testing

/// The bank client's security defaults, through the built `atm`.
@Suite(.serialized)
struct SecurityTests {
    static let openSSL = "/usr/bin/openssl"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: openSSL), "needs openssl to make a certificate"))
    func aSelfSignedBankIsRefusedUntilItsCertificateIsTrusted() async throws {
        let files = try Self.selfSignedCertificate()
        let bank = try await BankSimulator.start(tls: files)
        defer { bank.stop() }
        #expect(bank.baseURL.hasPrefix("https://127.0.0.1:"))
        let arguments = ["deposit", "20", "--account", "alice", "--bank", bank.baseURL, "--journal", try FaultMatrixTests.journalPath()]

        let refused = try await CommandRunner.run("atm", arguments)
        #expect(refused == CommandRunner.Run(
            status: 69, output: "",
            error: "atm: cannot reach the bank at \(bank.baseURL): TLS failed: SSL certificate problem: self-signed certificate\n"
        ))
        #expect(try bank.ledger().deposits.isEmpty)

        let trusted = try await CommandRunner.run("atm", arguments + ["--ca-file", files.certificatePath])
        #expect(trusted.status == 0, "\(trusted.error)")
        let trustedByEnvironment = try await CommandRunner.run("atm", arguments, environment: ["ATM_CA_FILE": files.certificatePath])
        #expect(trustedByEnvironment.status == 0, "\(trustedByEnvironment.error)")
        #expect(try bank.ledger().deposits.count == 2)
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://bank.example", "gopher://bank.example:70", "dict://127.0.0.1:2628"])
    func schemesOtherThanHTTPAndHTTPSAreRefusedBeforeAnyTransfer(url: String) async throws {
        let scheme = url.prefix { $0 != ":" }
        let run = try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", url])
        #expect(run == CommandRunner.Run(status: 64, output: "", error: "atm: the bank URL '\(url)' uses \(scheme); only http and https are supported\n"))
    }

    @Test func plainHTTPToAHostThatIsNotLoopbackNeedsExplicitPermission() async throws {
        let refused = try await CommandRunner.run("atm", ["deposit", "20", "--account", "alice", "--bank", "http://bank.invalid"])
        #expect(refused == CommandRunner.Run(
            status: 64, output: "",
            error: "atm: the bank URL 'http://bank.invalid' uses plain http to bank.invalid, which is not a loopback host; use https, or allow insecure http explicitly\n"
        ))
    }

    @Test func theBearerTokenIsSentButNeverPrintedOrLogged() async throws {
        let token = "s3cret-token-4f9a"
        let bank = try await BankSimulator.start(token: token)
        defer { bank.stop() }
        let arguments = ["deposit", "20", "--json", "--account", "alice", "--bank", bank.baseURL, "--journal", try FaultMatrixTests.journalPath()]

        let accepted = try await CommandRunner.run("atm", arguments, environment: ["ATM_BANK_TOKEN": token])
        #expect(accepted.status == 0)
        #expect(!accepted.output.contains(token) && !accepted.error.contains(token))

        let wrong = "wrong-token-77c1"
        let refused = try await CommandRunner.run("atm", arguments, environment: ["ATM_BANK_TOKEN": wrong])
        #expect(refused.status == 77)
        #expect(refused.error.hasPrefix("atm: the bank at \(bank.baseURL) refused the deposit: HTTP 401"))
        #expect(!refused.error.contains(wrong) && !refused.error.contains(token) && !refused.output.contains(wrong))
        #expect(!bank.stderr.contains(token) && !bank.stderr.contains(wrong))
        #expect(try bank.ledger().deposits.count == 1)
    }

    /// A certificate and key for 127.0.0.1, made with openssl for this test run.
    static func selfSignedCertificate() throws -> BankSimulator.TLSFiles {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atm-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openSSL)
        process.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandRunner.CommandFailure(description: "openssl could not make a certificate (exit \(process.terminationStatus))")
        }
        return BankSimulator.TLSFiles(certificatePath: folder + "/cert.pem", keyPath: folder + "/key.pem")
    }
}
