import ATMTestSupport
import Foundation
@testable import BankNetwork
import Network
import Testing

/// The client's configuration: the bank's URL, checked as `BankURL` checks it, and the transport.
struct BankConfigurationTests {
    @Test func theURLIsCheckedAndMadeCanonicalAsBankURLDoesIt() throws {
        #expect(try BankConfiguration(baseURL: "HTTP://LocalHost:8080/").baseURL == "http://localhost:8080")
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: "http://bank.example:8080") }
        #expect(error == (try #require(throws: NetworkError.self) { try BankURL("http://bank.example:8080") }))
        #expect(error.kind == .insecureTransport)
    }

    @Test func plainHTTPToAHostThatIsNotLoopbackIsAcceptedWhenAllowed() throws {
        let configuration = try BankConfiguration(baseURL: "http://bank.example:8080", allowsInsecureHTTP: true)
        #expect(configuration.depositURL(for: "alice") == "http://bank.example:8080/v1/accounts/alice/deposits")
    }

    @Test func aCAFileIsTrustedTogetherWithTheSystemBundle() throws {
        let folder = try Self.temporaryFolder()
        try "SYSTEM CA".write(toFile: folder + "/system.pem", atomically: true, encoding: .utf8)
        let extra = Array("EXTRA CA\n".utf8)
        #expect(String(decoding: TrustedAuthorities.bundle(adding: extra, systemBundle: folder + "/system.pem"), as: UTF8.self) == "SYSTEM CA\nEXTRA CA\n")
        #expect(TrustedAuthorities.bundle(adding: extra, systemBundle: folder + "/missing.pem") == extra)
        #expect(TrustedAuthorities.defaultBundlePath?.isEmpty == false)
    }

    @Test func aCAFileIsReadAndCheckedWhenTheConfigurationIsMade() throws {
        let path = try Self.temporaryFolder() + "/ca.pem"
        try Self.pem.write(toFile: path, atomically: true, encoding: .utf8)
        for url in ["https://bank.example", "http://127.0.0.1:8080"] {
            let configuration = try BankConfiguration(baseURL: url, caFile: path)
            #expect(configuration.caCertificates == Array(Self.pem.utf8))
        }
    }

    @Test(arguments: [
        ("missing", "cannot be read: No such file or directory"),
        ("folder", "is a folder, not a file"),
        ("fifo", "is a FIFO, not a file"),
        ("/dev/null", "is a device, not a file"),
        ("large", "is larger than 1 MiB"),
        ("garbage", "holds no PEM certificate (-----BEGIN CERTIFICATE-----)"),
        ("binary", "is not PEM text (it holds bytes that are not ASCII)"),
        ("unterminated", "has a certificate that does not end (-----END CERTIFICATE----- is missing)"),
        ("not-base64", "has a certificate (number 1) whose body is not base64 of a certificate"),
        ("truncated", "has a certificate (number 1) whose body is not base64 of a certificate"),
        ("second-truncated", "has a certificate (number 2) whose body is not base64 of a certificate"),
        ("sequence", "has a certificate (number 1) whose body is not base64 of a certificate"),
        ("key", "holds no PEM certificate (-----BEGIN CERTIFICATE-----)"),
    ])
    func aCAFileThatIsNotARegularFileOfPEMCertificatesIsRefusedAtOnceWhateverTheScheme(name: String, problem: String) throws {
        let folder = try Self.temporaryFolder()
        let path = name.hasPrefix("/") ? name : folder + "/" + name
        switch name {
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "large": try Data(repeating: 0x41, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        case "garbage": try "not a certificate\n".write(toFile: path, atomically: true, encoding: .utf8)
        case "binary": try Data([0x30, 0x82, 0xFF, 0x00]).write(to: URL(fileURLWithPath: path))
        case "unterminated": try "-----BEGIN CERTIFICATE-----\nMAMCAQE=\n".write(toFile: path, atomically: true, encoding: .utf8)
        case "not-base64": try "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n".write(toFile: path, atomically: true, encoding: .utf8)
        case "truncated": try (TestCertificate.truncatedPEM + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        case "second-truncated":
            try (TestCertificate.pem + "\n" + TestCertificate.truncatedPEM + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        case "sequence": try "-----BEGIN CERTIFICATE-----\nMAMCAQE=\n-----END CERTIFICATE-----\n".write(toFile: path, atomically: true, encoding: .utf8)
        case "key": try "-----BEGIN PRIVATE KEY-----\nMAMCAQE=\n-----END PRIVATE KEY-----\n".write(toFile: path, atomically: true, encoding: .utf8)
        default: break
        }
        for url in ["https://bank.example", "http://127.0.0.1:8080"] {
            let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: url, caFile: path) }
            #expect(error == NetworkError(
                kind: .invalidConfiguration,
                message: "the CA file \(path) \(problem); give a readable PEM file of certificates of at most 1 MiB",
                mayHaveBeenCredited: false
            ))
        }
    }

    /// A PEM file of one real certificate, after a comment.
    static let pem = "# a comment\n" + TestCertificate.pem + "\n"

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func httpsIsAcceptedAndTrailingSlashesAreDropped() throws {
        let configuration = try BankConfiguration(baseURL: "https://bank.example/api//")
        #expect(configuration.baseURL == "https://bank.example/api")
        #expect(configuration.depositURL(for: "alice") == "https://bank.example/api/v1/accounts/alice/deposits")
    }

    @Test func outOfRangeSettingsAreRefused() throws {
        let attempts = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", maxAttempts: 0)
        }
        #expect(attempts.kind == .invalidConfiguration)
        #expect(attempts.message == "invalid bank configuration: the number of attempts must be at least 1, not 0")
        let size = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", maxResponseBytes: 0)
        }
        #expect(size.message == "invalid bank configuration: the response size cap must be positive, not 0")
        let token = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", bearerToken: "two words")
        }
        #expect(token.message == "invalid bank configuration: \(Self.tokenRule)")
        #expect(!token.message.contains("two words"))
        let empty = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", bearerToken: "")
        }
        #expect(empty.message == "invalid bank configuration: the bearer token is empty; pass none (nil) to send no Authorization header")
    }

    /// A character that is not visible ASCII is refused: the bank's `Location` header is kept
    /// as visible ASCII before the token is taken out of it, so such a character would split
    /// an echoed token into pieces too short to be recognised.
    @Test(arguments: ["to\tken-secret", "tokén-secret", "token-secret\u{7F}", "token\u{0}secret"])
    func aTokenOfOtherCharactersIsRefused(token: String) throws {
        let error = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", bearerToken: token)
        }
        #expect(error.message == "invalid bank configuration: \(Self.tokenRule)")
    }

    static let tokenRule = "the bearer token must be made of visible ASCII characters only (no spaces, tabs, line breaks or other characters)"

    @Test func theTokenIsRedactedInTheDescription() throws {
        let caFile = try Self.temporaryFolder() + "/ca.pem"
        try Self.pem.write(toFile: caFile, atomically: true, encoding: .utf8)
        let configuration = try BankConfiguration(
            baseURL: "https://bank.example", bearerToken: "tok-3f9a1c", caFile: caFile
        )
        #expect(configuration.description == "BankConfiguration(baseURL: https://bank.example, connectTimeout: 5.0 seconds, totalTimeout: 15.0 seconds, bearerToken: <redacted>, caFile: \(caFile), maxResponseBytes: 65536, maxAttempts: 3)")
        #expect(!String(describing: configuration).contains("tok-3f9a1c"))
        #expect(!String(reflecting: BankNetworkExecutor(configuration: configuration).configuration).contains("tok-3f9a1c"))
    }

    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let configuration = try BankConfiguration(baseURL: "https://bank.example")
        #expect(configuration.connectTimeout == .seconds(5))
        #expect(configuration.totalTimeout == .seconds(15))
        #expect(configuration.maxResponseBytes == 65_536)
        #expect(configuration.maxAttempts == 3)
        #expect(configuration.retryBaseDelay == .milliseconds(200))
        #expect(configuration.bearerToken == nil)
        #expect(configuration.caFile == nil)
        #expect(configuration.allowsInsecureHTTP == false)
    }
}
