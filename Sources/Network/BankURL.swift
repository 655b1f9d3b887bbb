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
        // Spaces and slashes off the end together, so that the form is its own canonical form
        // (`…/ /` would otherwise lose one layer per call, and a journal's group of deposits
        // name another bank than its deposits).
        var url = text.trimmingCharacters(in: .whitespaces)
        while let last = url.last, last == "/" || last.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) { url.removeLast() }
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
        // Every message quotes the URL with its credentials hidden, whatever its fault.
        let quoted = redactingCredentials(text)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(quoted)' is not a valid URL: write it as http://host:port or https://host",
                mayHaveBeenCredited: false
            )
        }
        guard scheme == "http" || scheme == "https" else {
            throw NetworkError(
                kind: .unsupportedScheme,
                message: "the bank URL '\(quoted)' uses \(scheme); only http and https are supported",
                mayHaveBeenCredited: false
            )
        }
        guard let host = components.host, !host.isEmpty else {
            throw NetworkError(kind: .invalidURL, message: "the bank URL '\(quoted)' has no host", mayHaveBeenCredited: false)
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(quoted)' has the port \(port); a port is 1 to 65535",
                mayHaveBeenCredited: false
            )
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) else {
            // Control characters are shown escaped, so that the message stays one line.
            let shown = quoted.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(shown)' contains a space or a control character; write spaces in a path as %20",
                mayHaveBeenCredited: false
            )
        }
        guard components.user == nil, components.password == nil else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(quoted)' contains credentials; pass a bearer token instead",
                mayHaveBeenCredited: false
            )
        }
        guard components.query == nil, components.fragment == nil else {
            throw NetworkError(
                kind: .invalidURL,
                message: "the bank URL '\(quoted)' must not have a query or a fragment",
                mayHaveBeenCredited: false
            )
        }
        if scheme == "http", !allowsInsecureHTTP, !isLoopback(host) {
            throw NetworkError(
                kind: .insecureTransport,
                message: "the bank URL '\(quoted)' uses plain http to \(host), which is not a loopback host; use https, or allow insecure http explicitly",
                mayHaveBeenCredited: false
            )
        }
        return canonical(trimmed)
    }

    /// A URL as a message may show it: the password of its `user:password@` part, or the whole
    /// part when it has no password (a token written as a user name), replaced by `<redacted>`.
    ///
    /// The part is what comes before the last `@` of the authority, which ends at the first `/`,
    /// `?` or `#` after `://` (or after the start, when there is no `://`), so a password with an
    /// `@` in it is hidden whole and an `@` in the path is left alone. That is how a valid URL
    /// reads. A text that is not one may hold a password with a `/`, `?` or `#` in it (which a
    /// valid URL percent-encodes), so there the part runs to the last `@` of the whole text: an
    /// `@` in its path hides more than the credentials, never less. Any text can be passed.
    ///
    /// - Parameter text: A URL as the user wrote it.
    /// - Returns: The text with its credentials hidden; the text itself when it has none.
    public static func redactingCredentials(_ text: String) -> String {
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        let authorityEnd = text[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        let end = URLComponents(string: text)?.host != nil ? authorityEnd : text.endIndex
        guard let at = text[start..<end].lastIndex(of: "@") else { return text }
        let hiddenFrom = text[start..<at].firstIndex(of: ":").map { text.index(after: $0) } ?? start
        return text[..<hiddenFrom] + "<redacted>" + text[at...]
    }
}
