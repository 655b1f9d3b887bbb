import Network

/// Text that came from outside the process (the bank's replies, the journal, the command line,
/// the environment, the name the app was run by) made safe to print: every control character,
/// and every character that reorders or breaks lines, is written as an escape, so that it can
/// neither forge a line nor drive the terminal. Printable text, backslashes included, is left as
/// it is, so escaping twice changes nothing.
///
/// It is the one escaping of the command line: text output, standard error and `--help` write
/// `\u{1B}`; JSON writes the same characters as JSON escapes, `\u001b`, so that a parser reads
/// back the very text while a terminal shows none of it raw. A byte of a path or an argument that
/// is not UTF-8 (a ``Network/SystemBytes`` stand-in) is written `\x{E9}` in both.
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
        for scalar in text.unicodeScalars {
            if let byte = SystemBytes.rawByte(scalar) {
                result += (style == .text ? "\\x{" : "\\\\x{") + String(byte, radix: 16, uppercase: true) + "}"
                continue
            }
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch style {
            case .text: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            // Lowercase, as the JSON encoder writes the C0 controls it escapes itself.
            case .json: result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            }
        }
        return result
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

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional
    /// marks, embeddings, overrides and isolates.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x10_FE80...0x10_FEFF:
            true
        default:
            false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
