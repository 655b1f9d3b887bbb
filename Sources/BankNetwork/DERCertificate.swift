/// The shape of an X.509 certificate in DER, checked the way a TLS library parses one before it
/// trusts it: every length exact, every constructed value made of whole values, nothing after
/// the certificate.
///
/// ```
/// Certificate ::= SEQUENCE {
///     tbsCertificate      SEQUENCE { [0] version OPTIONAL, serialNumber INTEGER, signature SEQUENCE,
///                                    issuer SEQUENCE, validity SEQUENCE, subject SEQUENCE,
///                                    subjectPublicKeyInfo SEQUENCE, … },
///     signatureAlgorithm  SEQUENCE,
///     signatureValue      BIT STRING }
/// ```
///
/// A PEM body with base64 lines lost still decodes, and still starts with a `SEQUENCE`; its
/// lengths no longer add up, which is what this finds.
enum DERCertificate {
    /// The deepest nesting followed; a certificate nests a dozen levels or so.
    static let maximumDepth = 64

    /// Whether `bytes` is exactly one well-formed certificate.
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        guard let certificate = element(in: bytes, at: 0), certificate.tag == 0x30, certificate.end == bytes.count,
              isWellFormedContents(of: certificate, in: bytes, depth: 1),
              let parts = children(of: certificate, in: bytes), parts.count == 3,
              parts[0].tag == 0x30, parts[1].tag == 0x30, parts[2].tag == 0x03,
              let fields = children(of: parts[0], in: bytes)
        else { return false }
        // The to-be-signed part: an optional explicit version ([0]), the serial number, the five
        // SEQUENCEs from the signature algorithm to the subject's public key, then only the
        // context-specific unique identifiers and extensions.
        let rest = fields.first?.tag == 0xA0 ? Array(fields.dropFirst()) : fields
        guard rest.count >= 6, rest[0].tag == 0x02 else { return false }
        return rest[1...5].allSatisfy { $0.tag == 0x30 } && rest[6...].allSatisfy { $0.tag & 0xC0 == 0x80 }
    }

    /// One TLV: its tag, where its contents start, and where it ends.
    struct Element {
        let tag: UInt8
        let contentStart: Int
        let end: Int
        /// Whether its contents are further values.
        var isConstructed: Bool { tag & 0x20 != 0 }
    }

    /// The value that starts at `offset`, if its header is valid DER and it fits in `bytes`.
    static func element(in bytes: [UInt8], at offset: Int, limit: Int? = nil) -> Element? {
        let limit = limit ?? bytes.count
        guard offset < limit, offset + 1 < limit else { return nil }
        let tag = bytes[offset]
        // High tag numbers (0x1F) are not used by certificates.
        guard tag & 0x1F != 0x1F else { return nil }
        var index = offset + 1
        let first = bytes[index]
        index += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            // DER: the shortest form, no indefinite length, at most 4 length bytes.
            guard count >= 1, count <= 4, index + count <= limit, bytes[index] != 0 else { return nil }
            for byte in bytes[index..<(index + count)] { length = length << 8 | Int(byte) }
            guard length >= 0x80 else { return nil }
            index += count
        }
        guard length <= limit - index else { return nil }
        return Element(tag: tag, contentStart: index, end: index + length)
    }

    /// The values a constructed value is made of, when they fill it exactly.
    static func children(of parent: Element, in bytes: [UInt8]) -> [Element]? {
        guard parent.isConstructed else { return nil }
        var result: [Element] = []
        var offset = parent.contentStart
        while offset < parent.end {
            guard let child = element(in: bytes, at: offset, limit: parent.end) else { return nil }
            result.append(child)
            offset = child.end
        }
        return result
    }

    /// Whether every constructed value inside `parent` is made of whole values, to any depth.
    private static func isWellFormedContents(of parent: Element, in bytes: [UInt8], depth: Int) -> Bool {
        guard parent.isConstructed else { return true }
        guard depth <= maximumDepth, let parts = children(of: parent, in: bytes) else { return false }
        return parts.allSatisfy { isWellFormedContents(of: $0, in: bytes, depth: depth + 1) }
    }
}
