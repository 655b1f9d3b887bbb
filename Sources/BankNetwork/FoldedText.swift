import Foundation

/// Text as a reader sees it on a terminal, so that a secret spelled in look-alike or padded with
/// invisible characters is still found: each byte remembers the bytes of the original text it
/// came from, so that what is found there can be taken out of the original.
///
/// Folding drops what shows nothing or only marks the character before it (controls, format
/// characters such as U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER and U+00AD SOFT HYPHEN,
/// every default-ignorable code point such as the variation selectors, and combining marks), and
/// writes the rest in its compatibility decomposition (NFKD: fullwidth `ａ` is `a`, `é` is `e`
/// and an accent), lowercased. A dropped combining mark (a variation selector is one) belongs to
/// the character before it, so that a match ending there takes the accents after its last
/// character too; another dropped character belongs to none, so that a control right after a
/// match is left to be shown escaped.
///
/// ```swift
/// let folded = FoldedText(Array("Ａ\u{301}\u{200B}b".utf8))
/// folded.bytes == Array("ab".utf8)            // true
/// folded.origins == [0..<5, 8..<9]            // Ａ and its accent, then b
/// ```
struct FoldedText {
    /// The folded text, in UTF-8.
    private(set) var bytes: [UInt8] = []
    /// For each folded byte, the range of the original text's bytes it came from.
    private(set) var origins: [Range<Int>] = []

    /// The folded form of `text`, whose byte `i` came from `origins[i]` of the original text
    /// (by default, itself). Bytes that are not UTF-8 are kept as they are.
    init(_ text: [UInt8], origins textOrigins: [Range<Int>]? = nil) {
        bytes.reserveCapacity(text.count)
        origins.reserveCapacity(text.count)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = text.makeIterator()
        var position = 0
        func origin(_ range: Range<Int>) -> Range<Int> {
            guard let textOrigins, let first = range.first, let last = range.last else { return range }
            return textOrigins[first].lowerBound..<textOrigins[last].upperBound
        }
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let source = origin(position..<(position + encoded.count))
                position += encoded.count
                let scalar = Unicode.UTF8.decode(encoded)
                let folded = Self.fold(scalar)
                if folded.isEmpty {
                    // A mark is shown with the character before it: it belongs to that one.
                    if Self.isMark(scalar), let last = origins.indices.last {
                        origins[last] = origins[last].lowerBound..<source.upperBound
                    }
                } else {
                    bytes += folded
                    origins += repeatElement(source, count: folded.count)
                }
            case let .error(length):
                for offset in position..<(position + length) {
                    bytes.append(text[offset])
                    origins.append(origin(offset..<(offset + 1)))
                }
                position += length
            case .emptyInput:
                return
            }
        }
    }

    /// The folded UTF-8 of `scalar`: empty when it is dropped.
    static func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
        if scalar.isASCII {
            // Most text: no decomposition, and only the controls are dropped.
            let value = UInt8(scalar.value)
            switch value {
            case 0x00..<0x20, 0x7F: return []
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return [value + 0x20]
            default: return [value]
            }
        }
        guard !isDropped(scalar) else { return [] }
        let decomposed = String(scalar).decomposedStringWithCompatibilityMapping.lowercased()
        var result: [UInt8] = []
        for part in decomposed.unicodeScalars where !isDropped(part) {
            result += String(part).utf8
        }
        return result
    }

    /// Whether `scalar` shows nothing of its own: a control, a format character, a
    /// default-ignorable code point (variation selectors among them) or a combining mark.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format: return true
        default: return isMark(scalar) || properties.isDefaultIgnorableCodePoint
        }
    }

    /// Whether `scalar` is a combining mark, shown on the character before it.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
