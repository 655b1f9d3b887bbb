import Foundation

/// A bank's base URL, checked and in canonical form: the name one bank has everywhere (in the
/// journal of pending deposits, in a sync, in messages).
///
/// ```swift
/// let bank = try BankURL("HTTP://127.0.0.1:8080/")   // bank.absoluteString == "http://127.0.0.1:8080"
/// ```
///
/// Only `http` and `https` URLs are accepted, without credentials, query or fragment, and plain
/// `http` only to a loopback host unless insecure http is allowed explicitly. It is a pure value:
/// how the bank is reached (timeouts, certificates, tokens) belongs to the client that reaches it.
public struct BankURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL in canonical form (see ``canonical(_:)``): `http://127.0.0.1:8080`.
    public let absoluteString: String

    /// Checks a bank URL and keeps its canonical form.
    ///
    /// - Parameters:
    ///   - text: The URL: `http://host:port` or `https://host`, optionally with a path.
    ///   - allowsInsecureHTTP: Whether plain `http` may go to a host that is not loopback.
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidURL``,
    ///   ``NetworkError/Kind/unsupportedScheme`` or ``NetworkError/Kind/insecureTransport``.
    public init(_ text: String, allowsInsecureHTTP: Bool = false) throws(NetworkError) {
        absoluteString = try Self.validated(text, allowsInsecureHTTP: allowsInsecureHTTP)
    }

    /// The URL in canonical form.
    public var description: String { absoluteString }

    /// A bank URL in the form every comparison uses: the scheme and the host lowercased
    /// (`HTTP://Bank.Example` and `http://bank.example` are one bank), trailing slashes dropped,
    /// the path as given. Text that is not a URL is returned as it is.
    ///
    /// - Parameter text: A bank URL, such as one recorded in an older journal.
    /// - Returns: Its canonical form.
    public static func canonical(_ text: String) -> String {
        var url = text.trimmingCharacters(in: .whitespaces)
        while url.hasSuffix("/") { url.removeLast() }
        guard let schemeEnd = url.range(of: "://") else { return url }
        let authorityEnd = url[schemeEnd.upperBound...].firstIndex(of: "/") ?? url.endIndex
        return url[..<authorityEnd].lowercased() + url[authorityEnd...]
    }

    /// Whether a host name or address is the local machine.
    ///
    /// - Parameter host: A host name, an IPv4 address, or an IPv6 address with or without brackets.
    /// - Returns: True for `localhost`, `*.localhost`, `127.x.y.z` and `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" || bare.hasSuffix(".localhost") { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    // MARK: - Validation

    private static func validated(_ text: String, allowsInsecureHTTP: Bool) throws(NetworkError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(text)' is not a valid URL: write it as http://host:port or https://host",
                mayHaveBeenCredited: false
            )
        }
        guard scheme == "http" || scheme == "https" else {
            throw NetworkError(
                kind: .unsupportedScheme,
                message: "the bank URL '\(text)' uses \(scheme); only http and https are supported",
                mayHaveBeenCredited: false
            )
        }
        guard let host = components.host, !host.isEmpty else {
            throw NetworkError(kind: .invalidURL, message: "the bank URL '\(text)' has no host", mayHaveBeenCredited: false)
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(text)' has the port \(port); a port is 1 to 65535",
                mayHaveBeenCredited: false
            )
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            // Control characters are shown escaped, so that the message stays one line.
            let shown = text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(shown)' contains a space or a control character; write spaces in a path as %20",
                mayHaveBeenCredited: false
            )
        }
        guard components.user == nil, components.password == nil else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(withPasswordRedacted(text))' contains credentials; pass a bearer token instead",
                mayHaveBeenCredited: false
            )
        }
        guard components.query == nil, components.fragment == nil else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(text)' must not have a query or a fragment",
                mayHaveBeenCredited: false
            )
        }
        if scheme == "http", !allowsInsecureHTTP, !isLoopback(host) {
            throw NetworkError(
                kind: .insecureTransport,
                message: "the bank URL '\(text)' uses plain http to \(host), which is not a loopback host; use https, or allow insecure http explicitly",
                mayHaveBeenCredited: false
            )
        }
        return canonical(trimmed)
    }

    /// The URL with the password of its `user:password@` part replaced by `<redacted>`.
    private static func withPasswordRedacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"),
              let at = text[schemeEnd.upperBound...].firstIndex(of: "@"),
              let colon = text[schemeEnd.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return text[..<text.index(after: colon)] + "<redacted>" + text[at...]
    }
}
