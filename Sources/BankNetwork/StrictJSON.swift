/// A JSON value as the bank's replies are read: integers kept exact, apart from other numbers.
///
/// The bank's money fields are integers of cents. Foundation's parsers turn numbers into `Double`
/// or accept `4500.0` as an integer; this one keeps an integer token as an `Int` and anything
/// with a fraction or an exponent as text, so that `4500.0` is never mistaken for 4500 cents.
enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    /// A number written as an integer (`-?digits`) that fits in `Int`.
    case integer(Int)
    /// Any other number (a fraction, an exponent, or an integer too large for `Int`), as written.
    case otherNumber(String)
    case bool(Bool)
    case null
}

/// A strict RFC 8259 parser: no trailing commas, no comments, no duplicate keys, a bounded depth.
struct StrictJSONParser {
    /// Why a text is not JSON, with the byte offset where reading stopped.
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        let reason: String
        let offset: Int
        /// The name a duplicate member repeats, whole: a caller quotes it with
        /// ``described(quoting:)``, so that it can take a secret out before the name is cut.
        var duplicateName: String?

        init(reason: String, offset: Int, duplicateName: String? = nil) {
            self.reason = reason
            self.offset = offset
            self.duplicateName = duplicateName
        }

        /// The reason and offset, with the duplicate name, if any, cut to
        /// ``StrictJSONParser/quotedNameLength`` characters: a hostile reply's name can be as long
        /// as the reply.
        var description: String {
            described { name in name.count > StrictJSONParser.quotedNameLength ? name.prefix(StrictJSONParser.quotedNameLength) + "…" : name }
        }

        /// The reason and offset, with the duplicate name, if any, as `quote` writes it.
        func described(quoting quote: (String) -> String) -> String {
            guard let duplicateName else { return "\(reason) at byte \(offset)" }
            return "\(reason) \"\(quote(duplicateName))\" at byte \(offset)"
        }
    }

    /// How deeply arrays and objects may nest.
    static let maxDepth = 32

    /// How many characters of a member's name an error quotes.
    static let quotedNameLength = 40

    private let bytes: [UInt8]
    private var position = 0

    /// Parses one JSON text: a value surrounded by optional whitespace.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        // RFC 8259 §8.1: JSON text is UTF-8. The strings below are decoded leniently, which would
        // turn any other byte into U+FFFD unseen.
        if let offset = firstByteNotUTF8(in: bytes) { throw SyntaxError(reason: "a byte that is not UTF-8", offset: offset) }
        var parser = StrictJSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8 (overlong forms and
    /// surrogates included), or nil when there is none.
    private static func firstByteNotUTF8(in bytes: [UInt8]) -> Int? {
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case let .valid(encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
        guard let byte = peek() else { throw error("unexpected end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: throw error("unexpected character")
        }
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name") }
            let keyOffset = position
            let key = try parseString()
            guard members[key] == nil else {
                throw SyntaxError(reason: "duplicate member", offset: keyOffset, duplicateName: key)
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipWhitespace()
            members[key] = try parseValue(depth: depth)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return .array(elements)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw error("expected a digit") }
        position += 1
        if first != UInt8(ascii: "0") {
            while let byte = peek(), isDigit(byte) { position += 1 }
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try expectDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            try expectDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        return .otherNumber(text)
    }

    private mutating func expectDigits() throws(SyntaxError) {
        guard let byte = peek(), isDigit(byte) else { throw error("expected a digit") }
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        position += 1
        let start = position
        while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { position += 1 }
        if peek() == UInt8(ascii: "\"") {
            // No escapes (the usual case): the string is the bytes between the quotes.
            defer { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var run = Array(bytes[start..<position])
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard let byte = peek() else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                position += 1
                flush()
                scalars.append(try parseEscape())
            case 0..<0x20:
                throw error("control character in a string")
            default:
                run.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let byte = peek() else { throw error("unterminated escape") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHexQuad()
            if (0xD800..<0xDC00).contains(first) {
                guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else { throw error("unpaired surrogate") }
                position += 2
                let second = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else { throw error("unpaired surrogate") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("unpaired surrogate") }
            return scalar
        default:
            throw error("invalid escape")
        }
    }

    private mutating func parseHexQuad() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else { throw error("expected four hex digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func expectLiteral(_ literal: String) throws(SyntaxError) {
        for expected in literal.utf8 {
            guard peek() == expected else { throw error("unexpected character") }
            position += 1
        }
    }

    // MARK: - Bytes

    private func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(reason: reason, offset: position)
    }
}
