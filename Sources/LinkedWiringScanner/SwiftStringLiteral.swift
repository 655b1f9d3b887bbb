/// How generated Swift spells a text as a string literal.
enum SwiftStringLiteral {
    /// A Swift string literal of `text`, without interpolation: every backslash, quote and control
    /// character escaped, so that any path or message reads back as itself.
    @_optimize(none)
    static func quoting(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
