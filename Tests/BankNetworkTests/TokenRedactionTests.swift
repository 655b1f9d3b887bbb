import ATMTestSupport
@testable import BankNetwork
import Foundation
import Network
import Testing

/// A long bearer token (a JWT) that the bank echoes, whole or in part, raw or encoded, never
/// reaches a message: redaction happens before any text is cut.
struct TokenRedactionTests {
    /// A 325-character JWT-shaped token.
    static let token: String = {
        let header = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImF0bS0yMDI2LTExIn0"
        let payload = "eyJzdWIiOiJhdG0tNyIsImF1ZCI6ImJhbmsuZXhhbXBsZSIsInNjb3BlIjoiZGVwb3NpdHMiLCJpYXQiOjE3OTYwMDAwMDAsImV4cCI6MTc5NjAwMzYwMH0"
        var signature = ""
        var state: UInt64 = 0x5EED_7011
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        while header.count + payload.count + 2 + signature.count < 325 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            signature.append(alphabet[Int(state >> 58)])
        }
        return header + "." + payload + "." + signature
    }()

    /// Whether `text` holds any 8 consecutive characters of `form`.
    private static func leaks(_ text: String, _ form: String) -> Bool {
        let characters = Array(form)
        return (0...(characters.count - 8)).contains { start in text.contains(String(characters[start..<(start + 8)])) }
    }

    @Test func theTokenIs325Characters() {
        #expect(Self.token.count == 325)
    }

    @Test func aLongTokenEchoedInARefusalIsRedactedBeforeTheMessageIsCut() async throws {
        let token = Self.token
        let server = try ScriptedHTTPServer(script: [.status(401, body: #"{"error":"token \#(token) is revoked"}"#)])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, bearerToken: token).deposit(request(4_500))
        }
        #expect(error == NetworkError(
            kind: .httpStatus, message: "the bank at \(server.baseURL) refused the deposit: HTTP 401: token <redacted> is revoked",
            statusCode: 401, bankMessage: "token <redacted> is revoked", mayHaveBeenCredited: false
        ))
    }

    @Test func aLongTokenEchoedInARedirectIsRedactedBeforeTheLocationIsCut() async throws {
        let token = Self.token
        let server = try ScriptedHTTPServer(script: [.status(302, headers: ["Location: https://login.example/?access_token=\(token)&next=/v1"])])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, bearerToken: token).deposit(request(4_500))
        }
        #expect(error.message == "the bank at \(server.baseURL) answered HTTP 302 redirecting to https://login.example/?access_token=<redacted>&next=/v1; "
            + "redirects are not followed, so whether it recorded the deposit is unknown")
    }

    @Test(arguments: ["prefix", "suffix", "percent", "percent-all", "base64", "base64url", "basic"])
    func noFormOfTheTokenReachesAMessage(form: String) async throws {
        let token = Self.token
        let echoed: String = switch form {
        case "prefix": String(token.prefix(150))
        case "suffix": String(token.suffix(150))
        case "percent": token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token
        case "percent-all": token.utf8.map { "%" + String($0, radix: 16) }.joined()
        case "base64": Data(token.utf8).base64EncodedString()
        case "base64url": Data(token.utf8).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
        default: Data("atm-7:\(token)".utf8).base64EncodedString()
        }
        let server = try ScriptedHTTPServer(script: [
            .status(401, body: #"{"error":"bad credentials \#(echoed)"}"#),
            .status(302, headers: ["Location: /login?t=\(echoed)"]),
        ])
        var texts: [String] = []
        for _ in 0..<2 {
            let error = try await #require(throws: NetworkError.self) {
                try await makeExecutor(server, bearerToken: token).deposit(request(4_500))
            }
            texts += [error.message, error.bankMessage ?? "", String(reflecting: error)]
        }
        #expect(texts.count == 6)
        // What stands for the token alone in the echoed form (in the basic form, "atm-7:" is not it).
        let tokenPart = form == "basic" ? String(echoed.dropFirst(8)) : echoed
        for text in texts {
            #expect(!Self.leaks(text, token), "\(form): \(text)")
            #expect(!Self.leaks(text, tokenPart), "\(form): \(text)")
            #expect(text.contains("<redacted>") || text.isEmpty, "\(form): \(text)")
        }
    }

    @Test func aTokenInTheDepositIdentifierIsRedactedInEveryForm() async throws {
        let token = Self.token
        let encoded = Data(token.utf8).base64EncodedString()
        let server = try ScriptedHTTPServer(script: [
            .status(201, body: #"{"deposit_id":"dep-\#(encoded)","account":"alice","amount_cents":4500,"balance_cents":14500}"#),
        ])
        let confirmation = try await makeExecutor(server, bearerToken: token).deposit(request(4_500))
        // The token's base64 standing alone, its padding included, is one of its forms.
        #expect(confirmation.depositID == "dep-<redacted>")
    }

    /// A duplicate member's name is quoted cut to 40 characters: cut first, it kept the token's
    /// first 7 characters, one short of what the redactor takes out.
    @Test func aTokenInADuplicateMemberNameIsRedactedBeforeTheNameIsCut() async throws {
        let token = "s3cr3tXY-tok-4242"
        let name = String(repeating: "k", count: 33) + token
        let server = try ScriptedHTTPServer(script: [
            .status(201, body: #"{"deposit_id":"d","\#(name)":1,"\#(name)":2,"account":"alice","amount_cents":4500,"balance_cents":1}"#),
        ])
        let error = try await #require(throws: NetworkError.self) {
            try await makeExecutor(server, bearerToken: token).deposit(request(4_500))
        }
        #expect(error.kind == .malformedReply)
        #expect(error.message == "the bank at \(server.baseURL) sent a malformed reply: the body is not JSON "
            + "(duplicate member \"\(String(repeating: "k", count: 33))<redact…\" at byte 73)")
    }

    @Test func aShortTokenIsRedactedWholeAndOrdinaryTextIsLeftAlone() {
        let redactor = SecretRedactor(secret: "tok-1")
        #expect(redactor.redact("token tok-1 is revoked; tok- and ok-1 are not it") == "token <redacted> is revoked; tok- and ok-1 are not it")
        #expect(SecretRedactor(secret: nil).redact("tok-1") == "tok-1")
        #expect(SecretRedactor(secret: Self.token).redact("invalid bearer token") == "invalid bearer token")
    }

    private func makeExecutor(_ server: ScriptedHTTPServer, bearerToken: String?) throws -> BankNetworkExecutor {
        BankNetworkExecutor(configuration: try BankConfiguration(
            baseURL: server.baseURL, connectTimeout: .seconds(2), totalTimeout: .seconds(30),
            bearerToken: bearerToken, maxAttempts: 1
        ))
    }

    private func request(_ amountCents: Int) -> DepositRequest {
        DepositRequest(account: "alice", amountCents: amountCents, idempotencyKey: "atm-7-0042")
    }
}
