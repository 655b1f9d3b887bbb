/// Text that came from outside the process (the bank's replies, the journal, the command line)
/// made safe to print on a terminal: every control character, and every character that reorders
/// or breaks lines, is written as an escape such as `\u{1B}`, so that it can neither forge a
/// line nor drive the terminal. Printable text, backslashes included, is left as it is, so
/// escaping twice changes nothing.
public enum TerminalText {
    /// `text` with its control characters escaped: `a\u{0A}b` for a newline.
    ///
    /// - Parameter text: Text from outside the process.
    /// - Returns: The text, safe to print.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional
    /// embedding, override and isolate characters.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
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
