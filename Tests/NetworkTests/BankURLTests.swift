import Network
import Testing

/// A bank URL is checked and made canonical in `Network`, where the command line and every
/// client find it; each message is pinned, because the command line prints it as it is.
struct BankURLTests {
    @Test(arguments: [
        ("file:///etc/passwd", "file"),
        ("ftp://bank.example/deposits", "ftp"),
        ("gopher://127.0.0.1:70", "gopher"),
        ("FILE:///tmp/ledger", "file"),
    ])
    func schemesOtherThanHTTPAndHTTPSAreRefused(url: String, scheme: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankURL(url) }
        #expect(error.kind == .unsupportedScheme)
        #expect(error.message == "the bank URL '\(url)' uses \(scheme); only http and https are supported")
        #expect(error.mayHaveBeenCredited == false)
    }

    @Test func plainHTTPToAHostThatIsNotLoopbackIsRefused() throws {
        let error = try #require(throws: NetworkError.self) {
            try BankURL("http://bank.example:8080")
        }
        #expect(error.kind == .insecureTransport)
        #expect(error.message == "the bank URL 'http://bank.example:8080' uses plain http to bank.example, which is not a loopback host; use https, or allow insecure http explicitly")
    }

    @Test(arguments: ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "http://127.1.2.3"])
    func plainHTTPToLoopbackIsAccepted(url: String) throws {
        #expect(try BankURL(url).absoluteString == url)
    }

    @Test(arguments: [
        ("HTTP://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://LocalHost:8080/", "http://localhost:8080"),
        ("HTTPS://Bank.Example/API/", "https://bank.example/API"),
        ("not a url", "not a url"),
    ])
    func bankURLsAreCanonicalSoOneBankHasOneName(url: String, canonical: String) throws {
        #expect(BankURL.canonical(url) == canonical)
        if canonical.hasPrefix("http") {
            #expect(try BankURL(url).absoluteString == canonical)
        }
    }

    @Test func credentialsInTheURLAreRefusedWithoutShowingThePassword() throws {
        let error = try #require(throws: NetworkError.self) {
            try BankURL("https://teller:hunter2@bank.example")
        }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL 'https://teller:<redacted>@bank.example' contains credentials; pass a bearer token instead")
    }

    /// Every message quotes the URL with its password hidden, not only the one about
    /// credentials: a URL with a password and another fault names the other fault.
    @Test(arguments: [
        ("https://teller:hunter2@bank.example:0",
         "the bank URL 'https://teller:<redacted>@bank.example:0' has the port 0; a port is 1 to 65535"),
        ("ftp://teller:hunter2@bank.example",
         "the bank URL 'ftp://teller:<redacted>@bank.example' uses ftp; only http and https are supported"),
        ("https://teller:hunter2@bank.example/a b",
         "the bank URL 'https://teller:<redacted>@bank.example/a b' contains a space or a control character; write spaces in a path as %20"),
        ("https://teller:hunter2@bank.example/\u{1B}[2J",
         "the bank URL 'https://teller:<redacted>@bank.example/\\u{1B}[2J' contains a space or a control character; write spaces in a path as %20"),
        ("https://teller:hun@ter2@bank.example",
         "the bank URL 'https://teller:<redacted>@bank.example' contains credentials; pass a bearer token instead"),
        ("https://hunter2@bank.example",
         "the bank URL 'https://<redacted>@bank.example' contains credentials; pass a bearer token instead"),
        ("teller:hunter2@bank.example",
         "the bank URL 'teller:<redacted>@bank.example' uses teller; only http and https are supported"),
        ("https://teller:hunter2@bank.example?x#y",
         "the bank URL 'https://teller:<redacted>@bank.example?x#y' contains credentials; pass a bearer token instead"),
        // A password with a character that ends a valid URL's authority: not a valid URL.
        ("https://teller:hun/ter2@bank.example",
         "the bank URL 'https://teller:<redacted>@bank.example' is not a valid URL: write it as http://host:port or https://host"),
        ("https://teller:hun?ter2@bank.example",
         "the bank URL 'https://teller:<redacted>@bank.example' is not a valid URL: write it as http://host:port or https://host"),
        ("https://teller:hun#ter2@bank.example",
         "the bank URL 'https://teller:<redacted>@bank.example' is not a valid URL: write it as http://host:port or https://host"),
    ])
    func noMessageShowsAPasswordInTheURL(url: String, message: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankURL(url) }
        #expect(error.message == message)
        #expect(!error.message.contains("hunter2") && !error.message.contains("ter2"))
    }

    @Test(arguments: [
        ("https://bank.example/a@b", "https://bank.example/a@b"),
        ("https://teller:hunter2@bank.example/a@b", "https://teller:<redacted>@bank.example/a@b"),
        ("no credentials here", "no credentials here"),
        // Not valid URLs: up to the last `@`.
        ("https://teller:hun/ter2@bank.example", "https://teller:<redacted>@bank.example"),
        ("https://teller:hun/ter2@bank.example/a@b", "https://teller:<redacted>@b"),
    ])
    func credentialsAreRedactedFromAValidURLsAuthorityAndUpToAnInvalidOnesLastAt(url: String, shown: String) {
        #expect(BankURL.redactingCredentials(url) == shown)
    }

    /// The canonical form is its own: a journal groups its deposits under it, and a sync finds
    /// the deposits of a group by it again.
    @Test(arguments: ["http://127.0.0.1:8080/ /", "HTTP://Bank.Example/ \t/", "https://bank.example/v1/ / /", "http://bank.example \u{A0}/"])
    func theCanonicalFormIsItsOwnCanonicalForm(url: String) {
        let canonical = BankURL.canonical(url)
        #expect(BankURL.canonical(canonical) == canonical)
        #expect(!canonical.hasSuffix("/") && !canonical.hasSuffix(" "))
    }

    @Test(arguments: ["https://bank.example/?debug=1", "https://bank.example/#top"])
    func aQueryOrAFragmentIsRefused(url: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankURL(url) }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL '\(url)' must not have a query or a fragment")
    }

    @Test func aURLWithoutAHostIsRefused() throws {
        let error = try #require(throws: NetworkError.self) { try BankURL("https:///deposits") }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL 'https:///deposits' has no host")
    }

    @Test(arguments: [("http://127.0.0.1:65536", 65536), ("http://127.0.0.1:99999", 99999), ("https://bank.example:0", 0)])
    func aPortOutsideOneTo65535IsRefused(url: String, port: Int) throws {
        let error = try #require(throws: NetworkError.self) { try BankURL(url) }
        #expect(error.kind == .invalidURL)
        #expect(error.message == "the bank URL '\(url)' has the port \(port); a port is 1 to 65535")
    }

    @Test(arguments: [("http://127.0.0.1:9/a b", "http://127.0.0.1:9/a b"), ("https://bank.example/\tatm", "https://bank.example/\\tatm")])
    func aSpaceOrAControlCharacterInTheURLIsRefused(url: String, shown: String) throws {
        let error = try #require(throws: NetworkError.self) { try BankURL(url) }
        #expect(error.kind == .invalidURL)
        let message = "the bank URL '\(shown)' contains a space or a control character; write spaces in a path as %20"
        #if os(Linux)
        #expect(error.message == message)
        #else
        // Foundation's URL parser on Apple platforms may refuse such a URL before it is looked at.
        #expect(error.message == message || error.message == "the bank URL '\(url)' is not a valid URL: write it as http://host:port or https://host")
        #endif
    }

    @Test func loopbackHostsAreRecognised() {
        #expect(BankURL.isLoopback("localhost"))
        #expect(BankURL.isLoopback("[::1]"))
        #expect(BankURL.isLoopback("atm.localhost"))
        #expect(BankURL.isLoopback("127.9.8.7"))
        #expect(!BankURL.isLoopback("128.0.0.1"))
        #expect(!BankURL.isLoopback("127.0.0.1.bank.example"))
        #expect(!BankURL.isLoopback("bank.example"))
    }
}
