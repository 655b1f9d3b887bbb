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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "SYSTEM CA".write(toFile: folder + "/system.pem", atomically: true, encoding: .utf8)
        try "EXTRA CA\n".write(toFile: folder + "/extra.pem", atomically: true, encoding: .utf8)
        let bundle = try #require(TrustedAuthorities.bundle(adding: folder + "/extra.pem", systemBundle: folder + "/system.pem"))
        #expect(String(decoding: bundle, as: UTF8.self) == "SYSTEM CA\nEXTRA CA\n")
        #expect(TrustedAuthorities.bundle(adding: folder + "/missing.pem", systemBundle: folder + "/system.pem") == nil)
        #expect(TrustedAuthorities.defaultBundlePath?.isEmpty == false)
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
        #expect(token.message == "invalid bank configuration: the bearer token must be non-empty and contain no spaces or line breaks")
        #expect(!token.message.contains("two words"))
    }

    @Test func theTokenIsRedactedInTheDescription() throws {
        let configuration = try BankConfiguration(
            baseURL: "https://bank.example", bearerToken: "tok-3f9a1c", caFile: "/etc/bank/ca.pem"
        )
        #expect(configuration.description == "BankConfiguration(baseURL: https://bank.example, connectTimeout: 5.0 seconds, totalTimeout: 15.0 seconds, bearerToken: <redacted>, caFile: /etc/bank/ca.pem, maxResponseBytes: 65536, maxAttempts: 3)")
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
