import Network

/// Text that came from outside the process (the bank's replies, the journal, the command line,
/// the environment, the name the app was run by) made safe to print: every control character,
/// every character that reorders or breaks lines, and every character a terminal does not show
/// (format characters such as U+200B ZERO WIDTH SPACE or U+00AD SOFT HYPHEN, variation selectors
/// and the other default-ignorable code points) is written as an escape, so that it can neither
/// forge a line nor drive the terminal nor hide between visible characters. Printable text,
/// backslashes included, is left as it is, so escaping twice changes nothing.
///
/// It is the one escaping of the command line: text output, standard error and `--help` write
/// `\u{1B}`; JSON writes the same characters as JSON escapes, `\u001b` (a pair of surrogates
/// above U+FFFF), so that a parser reads back the very text while a terminal shows none of it raw.
/// A byte of a path or an argument that is not UTF-8 (a ``Network/SystemBytes`` stand-in) is
/// written `\x{E9}` in both; a genuine character of the stand-ins' range (carried as the stand-ins
/// of its UTF-8 bytes) is written as the character it is, `\u{10FEE9}` in text and
/// `\udbff\udee9` in JSON, never as a raw byte.
public enum TerminalText {
    /// How an escaped character is written.
    public enum Style: Sendable {
        /// For text: `\u{1B}`, `\u{202E}`.
        case text
        /// Inside a JSON string: `\u001b`, `\u202e`.
        case json
    }

    /// `text` with every unsafe character escaped: `a\u{0A}b` for a newline.
    ///
    /// - Parameters:
    ///   - text: Text from outside the process; for ``Style/json``, encoded JSON.
    ///   - style: How to write an escape.
    /// - Returns: The text, safe to print.
    public static func escaped(_ text: String, as style: Style = .text) -> String {
        guard !isPrintableASCII(text), text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        // The bytes of the stand-ins read since the last other character.
        var rawBytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if let byte = SystemBytes.rawByte(scalar) {
                rawBytes.append(byte)
                continue
            }
            if !rawBytes.isEmpty {
                result += escapedBytes(rawBytes, as: style)
                rawBytes.removeAll()
            }
            if isUnsafe(scalar) {
                result += escaped(scalar, as: style)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        if !rawBytes.isEmpty { result += escapedBytes(rawBytes, as: style) }
        return result
    }

    /// A run of stand-ins' bytes escaped: the UTF-8 of a character of the stand-ins' range as
    /// that character (``SystemBytes`` writes such a character byte by byte, and no raw byte
    /// that is not UTF-8 can spell one), every other byte as `\x{E9}`.
    private static func escapedBytes(_ bytes: [UInt8], as style: Style) -> String {
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        func raw(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                result += (style == .text ? "\\x{" : "\\\\x{") + String(byte, radix: 16, uppercase: true) + "}"
            }
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if SystemBytes.rawByte(scalar) != nil {
                    result += escaped(scalar, as: style)
                } else {
                    raw(encoded)
                }
                position += encoded.count
            case let .error(length):
                raw(bytes[position..<(position + length)])
                position += length
            case .emptyInput:
                return result
            }
        }
    }

    /// One character as an escape: `\u{200B}` in text; `\u200b` in JSON, or a pair of
    /// surrogates, `\udb40\udd00`, above U+FFFF.
    private static func escaped(_ scalar: Unicode.Scalar, as style: Style) -> String {
        switch style {
        case .text:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
        case .json:
            // Lowercase, as the JSON encoder writes the C0 controls it escapes itself.
            func unit(_ value: UInt32) -> String { "\\u" + String(value, radix: 16).leftPadded(to: 4) }
            guard scalar.value > 0xFFFF else { return unit(scalar.value) }
            let offset = scalar.value - 0x1_0000
            return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
        }
    }

    /// Whether every byte of `text` is printable ASCII (a space to a tilde), or a newline when
    /// `newlines` is true: text with nothing to escape, the common case, told from its bytes
    /// without decoding a scalar or a character, which keeps printing a journal of many megabytes
    /// quick even in a debug build.
    static func isPrintableASCII(_ text: String, newlines: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte >= 0x20 && byte < 0x7F || newlines && byte == 0x0A else { return false }
                index += 1
            }
            return true
        }
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, the bidirectional marks,
    /// embeddings, overrides and isolates, every other format character (Unicode's Cf: U+200B,
    /// U+2060, U+00AD, U+FEFF, U+180E…), every other default-ignorable code point (the variation
    /// selectors, U+034F, U+2065…), and the stand-ins for raw bytes.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x10_FE00...0x10_FEFF:
            return true
        case 0x20...0x7E:
            return false
        default:
            let properties = scalar.properties
            return properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
