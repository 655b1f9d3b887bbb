import Foundation
@testable import Network
import Testing

struct BankConfigurationTests {
    @Test(arguments: [
        ("file:///etc/passwd", "file"),
        ("ftp://bank.example/deposits", "ftp"),
        ("gopher://127.0.0.1:70", "gopher"),
        ("FILE:///tmp/ledger", "file"),
    ])
    func schemesOtherThanHTTPAndHTTPSAreRefused(url: String, scheme: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: url, account: "alice") }
        #expect(error.kind == .unsupportedScheme)
        #expect(error.message == "the bank URL '\(url)' uses \(scheme); only http and https are supported")
        #expect(error.mayHaveBeenCredited == false)
    }

    @Test func plainHTTPToAHostThatIsNotLoopbackIsRefused() throws {
        let error = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "http://bank.example:8080", account: "alice")
        }
        #expect(error.kind == .insecureTransport)
        #expect(error.message == "the bank URL 'http://bank.example:8080' uses plain http to bank.example, which is not a loopback host; use https, or allow insecure http explicitly")
    }

    @Test func plainHTTPToAHostThatIsNotLoopbackIsAcceptedWhenAllowed() throws {
        let configuration = try BankConfiguration(baseURL: "http://bank.example:8080", account: "alice", allowsInsecureHTTP: true)
        #expect(configuration.depositURL == "http://bank.example:8080/v1/accounts/alice/deposits")
    }

    @Test(arguments: ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "http://127.1.2.3"])
    func plainHTTPToLoopbackIsAccepted(url: String) throws {
        #expect(try BankConfiguration(baseURL: url, account: "alice").baseURL == url)
    }

    @Test(arguments: [
        ("HTTP://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://LocalHost:8080/", "http://localhost:8080"),
        ("HTTPS://Bank.Example/API/", "https://bank.example/API"),
        ("not a url", "not a url"),
    ])
    func bankURLsAreCanonicalSoOneBankHasOneName(url: String, canonical: String) throws {
        #expect(BankConfiguration.canonicalURL(url) == canonical)
        if canonical.hasPrefix("http") {
            #expect(try BankConfiguration(baseURL: url, account: "alice").baseURL == canonical)
        }
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
        let configuration = try BankConfiguration(baseURL: "https://bank.example/api//", account: "alice")
        #expect(configuration.baseURL == "https://bank.example/api")
        #expect(configuration.depositURL == "https://bank.example/api/v1/accounts/alice/deposits")
    }

    @Test func credentialsInTheURLAreRefusedWithoutShowingThePassword() throws {
        let error = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://teller:hunter2@bank.example", account: "alice")
        }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL 'https://teller:<redacted>@bank.example' contains credentials; pass a bearer token instead")
    }

    @Test(arguments: ["https://bank.example/?debug=1", "https://bank.example/#top"])
    func aQueryOrAFragmentIsRefused(url: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: url, account: "alice") }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL '\(url)' must not have a query or a fragment")
    }

    @Test func aURLWithoutAHostIsRefused() throws {
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: "https:///deposits", account: "alice") }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL 'https:///deposits' has no host")
    }

    @Test(arguments: [("http://127.0.0.1:65536", 65536), ("http://127.0.0.1:99999", 99999), ("https://bank.example:0", 0)])
    func aPortOutsideOneTo65535IsRefused(url: String, port: Int) throws {
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: url, account: "alice") }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL '\(url)' has the port \(port); a port is 1 to 65535")
    }

    @Test(arguments: [("http://127.0.0.1:9/a b", "http://127.0.0.1:9/a b"), ("https://bank.example/\tatm", "https://bank.example/\\tatm")])
    func aSpaceOrAControlCharacterInTheURLIsRefused(url: String, shown: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: url, account: "alice") }
        #expect(error.kind == .invalidURL)
        let message = "the bank URL '\(shown)' contains a space or a control character; write spaces in a path as %20"
        #if os(Linux)
        #expect(error.message == message)
        #else
        // Foundation's URL parser on Apple platforms may refuse such a URL before it is looked at.
        #expect(error.message == message || error.message == "the bank URL '\(url)' is not a valid URL: write it as http://host:port or https://host")
        #endif
    }

    @Test(arguments: ["", "al ice", "alice/../bob", "..", String(repeating: "a", count: 65), "zoë"])
    func invalidAccountsAreRefused(account: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankConfiguration(baseURL: "https://bank.example", account: account) }
        #expect(error.kind == .invalidAccount)
        #expect(error.message == "the account '\(account)' is not valid: use 1 to 64 letters, digits, '.', '_' or '-' (but not '.' or '..' alone)")
    }

    @Test func validAccountsAreAccepted() throws {
        let account = "Alice_01.savings-" + String(repeating: "x", count: 47)
        #expect(account.count == 64)
        #expect(try BankConfiguration(baseURL: "https://bank.example", account: account).account == account)
    }

    @Test func outOfRangeSettingsAreRefused() throws {
        let attempts = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", account: "alice", maxAttempts: 0)
        }
        #expect(attempts.kind == .invalidConfiguration)
        #expect(attempts.message == "invalid bank configuration: the number of attempts must be at least 1, not 0")
        let size = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", account: "alice", maxResponseBytes: 0)
        }
        #expect(size.message == "invalid bank configuration: the response size cap must be positive, not 0")
        let token = try #require(throws: NetworkError.self) {
            try BankConfiguration(baseURL: "https://bank.example", account: "alice", bearerToken: "two words")
        }
        #expect(token.message == "invalid bank configuration: the bearer token must be non-empty and contain no spaces or line breaks")
        #expect(!token.message.contains("two words"))
    }

    @Test func theTokenIsRedactedInTheDescription() throws {
        let configuration = try BankConfiguration(
            baseURL: "https://bank.example", account: "alice", bearerToken: "tok-3f9a1c", caFile: "/etc/bank/ca.pem"
        )
        #expect(configuration.description == "BankConfiguration(baseURL: https://bank.example, account: alice, connectTimeout: 5.0 seconds, totalTimeout: 15.0 seconds, bearerToken: <redacted>, caFile: /etc/bank/ca.pem, maxResponseBytes: 65536, maxAttempts: 3)")
        #expect(!String(describing: configuration).contains("tok-3f9a1c"))
        #expect(!String(reflecting: BankNetworkExecutor(configuration: configuration).configuration).contains("tok-3f9a1c"))
    }

    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let configuration = try BankConfiguration(baseURL: "https://bank.example", account: "alice")
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
