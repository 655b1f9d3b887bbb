/// The classes of characters in Swift's lexical grammar (The Swift Programming Language,
/// "Lexical Structure": identifier-head, identifier-character, operator-character), which the
/// compiler follows, rather than Unicode's letters: `🔢` starts a name, `ⸯ` (alphabetic to
/// Unicode) is an operator.
extension Unicode.Scalar {
    // ASCII is answered without tables: the lexer asks for every scalar of every file, in the
    // plugin's debug build.

    /// Whether it may start an identifier.
    @_optimize(none)
    var isIdentifierStart: Bool {
        if value < 0x80 { return isASCIILetter || value == 0x5F }
        if value >= 0x10000 { return value & 0xFFFF <= 0xFFFD && value <= 0xEFFFD }
        return Self.identifierHeads.contains { $0.contains(value) }
    }

    /// Whether it may continue an identifier.
    @_optimize(none)
    var isIdentifierContinue: Bool {
        if value < 0x80 { return isASCIILetter || isASCIIDigit || value == 0x5F }
        return isIdentifierStart || Self.combiningMarks.contains { $0.contains(value) }
    }

    /// Whether it may be part of an operator (`.` aside, which only an operator that starts
    /// with it may hold).
    @_optimize(none)
    var isOperatorCharacter: Bool {
        if value < 0x80 { return "/=-+!*%<>&|^~?".unicodeScalars.contains(self) }
        return Self.operatorHeads.contains { $0.contains(value) }
            || Self.combiningMarks.contains { $0.contains(value) }
            || (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// Whether it ends a line: a line feed, or a carriage return, alone or before a line feed.
    @_optimize(none)
    var isLineBreak: Bool {
        value == 0x0A || value == 0x0D
    }

    /// Whether it is an ASCII digit, `0` to `9`.
    @_optimize(none)
    var isASCIIDigit: Bool {
        value >= 0x30 && value <= 0x39
    }

    @_optimize(none)
    private var isASCIILetter: Bool {
        (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
    }

    /// The non-ASCII scalars of the Basic Multilingual Plane that may start an identifier; every
    /// other plane's scalars may, but its last two.
    private static let identifierHeads: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
        0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD,
    ]

    /// The combining marks, which continue an identifier or an operator but start neither.
    private static let combiningMarks: [ClosedRange<UInt32>] = [0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]

    /// The non-ASCII scalars that may start an operator.
    private static let operatorHeads: [ClosedRange<UInt32>] = [
        0xA1...0xA7, 0xA9...0xA9, 0xAB...0xAC, 0xAE...0xAE, 0xB0...0xB1, 0xB6...0xB6, 0xBB...0xBB, 0xBF...0xBF,
        0xD7...0xD7, 0xF7...0xF7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
        0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
        0x3008...0x3020, 0x3030...0x3030,
    ]
}
