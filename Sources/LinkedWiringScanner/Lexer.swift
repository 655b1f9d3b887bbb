/// One token of Swift source, as much of Swift's grammar as finding declarations needs.
public struct Token: Equatable, Sendable {
    /// What a token is.
    public enum Kind: Equatable, Sendable {
        /// An identifier or keyword (`struct`, `Module`, `` `Type` ``).
        case word
        /// A number literal.
        case number
        /// A string or regex literal, skipped whole.
        case literal
        /// One punctuation or operator character: `{`, `<`, `:`, `.`, `@`…
        case symbol
        /// A compiler directive: `#if`, `#elseif`, `#else` or `#endif`; `condition` holds the
        /// condition of `#if` and `#elseif`.
        case directive
    }

    /// What the token is.
    public let kind: Kind
    /// Its text (the directive's name without `#`).
    public let text: String
    /// The condition of an `#if` or `#elseif`, trimmed and without its comments (a block
    /// comment in it stands for one space).
    public var condition: String = ""
    /// For a one-line string literal without escapes, interpolations or delimiters that span
    /// lines, its value (`"card"` gives `card`); nil for any other literal, and for other tokens.
    public var value: String?
    /// Its line, from 1.
    public let line: Int
    /// Its column, from 1.
    public let column: Int
}

/// A `//` comment, which may hold a `// linked-wiring:` marker.
public struct LineComment: Equatable, Sendable {
    /// The comment's text, from `//` on.
    public let text: String
    /// Its line, from 1.
    public let line: Int
    /// Whether code comes before it on its line.
    public let followsCode: Bool
}

/// Splits Swift source into tokens, skipping comments and literals, so that a `struct` in a
/// string or a comment is never taken for a declaration.
public struct Lexer {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var codeOnLine = false

    /// The tokens, in order.
    public private(set) var tokens: [Token] = []
    /// Every `//` comment, in order.
    public private(set) var comments: [LineComment] = []
    /// The index in `scalars` where each token starts.
    private var starts: [Int] = []

    /// Lexes `text`.
    ///
    /// - Parameters:
    ///   - text: The source.
    ///   - file: The path used in problems.
    /// - Throws: A ``SourceProblem`` for a string, comment or regex that never ends.
    @_optimize(none)
    public init(text: String, file: String) throws(SourceProblem) {
        scalars = Array(text.unicodeScalars)
        self.file = file
        try run()
    }

    private var column: Int { index - lineStart + 1 }

    @_optimize(none)
    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Steps over one scalar; a line feed, a carriage return, or the two together end a line.
    @_optimize(none)
    private mutating func advance() {
        let scalar = scalars[index]
        if scalar.isLineBreak {
            if scalar == "\r" || index == 0 || scalars[index - 1] != "\r" { line += 1 }
            lineStart = index + 1
            codeOnLine = false
        }
        index += 1
    }

    @_optimize(none)
    private mutating func run() throws(SourceProblem) {
        // The hot loops step `index` themselves over what cannot be a line break: the plugin's tool
        // is built in debug for a debug build, where each `peek` and `advance` is a call.
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if scalar.isLineBreak {
                advance()
            } else if scalar == "/", peek(1) == "/" {
                lineComment()
            } else if scalar == "/", peek(1) == "*" {
                try blockComment()
            } else if scalar == "\"" || (scalar == "#" && startsRawLiteral()) {
                try literal()
            } else if scalar == "#", let next = peek(1), next.isIdentifierStart {
                try directiveOrPound()
            } else if scalar.isIdentifierStart || scalar == "`" || scalar == "$" {
                word()
            } else if scalar.isASCIIDigit {
                number()
            } else if scalar == "/", let end = BareRegexLiteral(scalars: scalars, tokens: tokens, starts: starts).end(openedAt: index) {
                emit(.literal, "/…/", start: index, column: column)
                while index <= end { advance() }
            } else {
                emit(.symbol, String(scalar), start: index, column: column)
                advance()
            }
        }
    }

    @_optimize(none)
    private mutating func emit(
        _ kind: Token.Kind, _ text: String, start: Int, line: Int? = nil, column: Int, condition: String = "", value: String? = nil
    ) {
        tokens.append(Token(kind: kind, text: text, condition: condition, value: value, line: line ?? self.line, column: column))
        starts.append(start)
        codeOnLine = true
    }

    @_optimize(none)
    private mutating func lineComment() {
        let start = index
        let followsCode = codeOnLine
        while index < scalars.count, !scalars[index].isLineBreak { index += 1 }
        comments.append(LineComment(text: text(start, index), line: line, followsCode: followsCode))
    }

    @_optimize(none)
    private mutating func blockComment() throws(SourceProblem) {
        let (startLine, startColumn) = (line, column)
        var depth = 0
        repeat {
            guard let scalar = peek() else {
                throw SourceProblem(file: file, line: startLine, column: startColumn,
                                    message: "this comment never ends (no */); the rest of the file cannot be scanned")
            }
            if scalar == "/", peek(1) == "*" {
                depth += 1
                advance()
            } else if scalar == "*", peek(1) == "/" {
                depth -= 1
                advance()
            }
            advance()
        } while depth > 0
    }

    @_optimize(none)
    private func startsRawLiteral() -> Bool {
        var offset = 0
        while peek(offset) == "#" { offset += 1 }
        return peek(offset) == "\"" || peek(offset) == "/"
    }

    /// Skips a string literal (any number of `#`, one or three quotes, interpolations with
    /// literals of their own) or an extended regex literal `#/…/#`.
    @_optimize(none)
    private mutating func literal() throws(SourceProblem) {
        let (startLine, startColumn) = (line, column)
        let start = index
        try skipLiteral()
        emit(.literal, "\"…\"", start: start, line: startLine, column: startColumn, value: simpleValue(text(start, index)))
    }

    @_optimize(none)
    private mutating func skipLiteral() throws(SourceProblem) {
        let (startLine, startColumn) = (line, column)
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            advance()
        }
        let unterminated = SourceProblem(file: file, line: startLine, column: startColumn,
                                         message: "this literal never ends; the rest of the file cannot be scanned")
        if peek() == "/" {
            advance()
            while true {
                guard let scalar = peek() else { throw unterminated }
                advance()
                if scalar == "/", closes(hashes) { return }
            }
        }
        let multiline = peek(1) == "\"" && peek(2) == "\"" && !closesOnItsLine(hashes)
        let quotes = multiline ? 3 : 1
        for _ in 0..<quotes { advance() }
        while true {
            guard let scalar = peek() else { throw unterminated }
            if scalar.isLineBreak, !multiline { throw unterminated }
            if scalar == "\\", escapes(hashes) {
                advance()
                for _ in 0..<hashes { advance() }
                if peek() == "(" {
                    try skipInterpolation()
                } else if peek() != nil {
                    advance()
                }
                continue
            }
            if scalar == "\"", (0..<quotes).allSatisfy({ peek($0) == "\"" }) {
                for _ in 0..<quotes { advance() }
                if closes(hashes) { return }
                continue
            }
            advance()
        }
    }

    /// Whether a raw literal whose opening quote is at the cursor and is followed by two more is
    /// a one-line literal that only looks like a multi-line delimiter, as the compiler reads it:
    /// `#"""#` is the string `"`. It is when a quote followed by `hashes` `#` comes on the same
    /// line, from the third quote on.
    @_optimize(none)
    private func closesOnItsLine(_ hashes: Int) -> Bool {
        guard hashes > 0 else { return false }
        var offset = 2
        while let scalar = peek(offset), scalar != "\n", scalar != "\r" {
            if scalar == "\"", (0..<hashes).allSatisfy({ peek(offset + 1 + $0) == "#" }) { return true }
            offset += 1
        }
        return false
    }

    /// The value of a one-line string literal as written (`"card"`, `#"card"#`), when it has no
    /// escape or interpolation; nil otherwise (a regex, a multi-line string, an escape).
    @_optimize(none)
    private func simpleValue(_ written: String) -> String? {
        guard !written.contains("\n"), !written.contains("\r"), !written.contains("\\") else { return nil }
        var body = Substring(written)
        var hashes = 0
        while body.first == "#" {
            body.removeFirst()
            hashes += 1
        }
        guard body.count >= 2 + hashes, body.first == "\"" else { return nil }
        body.removeLast(hashes)
        guard body.last == "\"" else { return nil }
        return String(body.dropFirst().dropLast())
    }

    /// Whether the `\` at the cursor starts an escape in a literal with `hashes` delimiters.
    @_optimize(none)
    private func escapes(_ hashes: Int) -> Bool {
        (0..<hashes).allSatisfy { peek(1 + $0) == "#" }
    }

    /// Consumes `hashes` `#` when they follow the cursor; whether they did.
    @_optimize(none)
    private mutating func closes(_ hashes: Int) -> Bool {
        guard (0..<hashes).allSatisfy({ peek($0) == "#" }) else { return false }
        for _ in 0..<hashes { advance() }
        return true
    }

    @_optimize(none)
    private mutating func skipInterpolation() throws(SourceProblem) {
        let (startLine, startColumn) = (line, column)
        var depth = 0
        repeat {
            guard let scalar = peek() else {
                throw SourceProblem(file: file, line: startLine, column: startColumn,
                                    message: "this interpolation never ends; the rest of the file cannot be scanned")
            }
            if scalar == "\"" || (scalar == "#" && startsRawLiteral()) {
                try skipLiteral()
                continue
            }
            // Comments are the compiler's trivia here too: a `(` in one opens nothing.
            if scalar == "/", peek(1) == "*" {
                try blockComment()
                continue
            }
            if scalar == "/", peek(1) == "/" {
                while let next = peek(), !next.isLineBreak { advance() }
                continue
            }
            if scalar == "(" { depth += 1 }
            if scalar == ")" { depth -= 1 }
            advance()
        } while depth > 0
    }

    @_optimize(none)
    private mutating func directiveOrPound() throws(SourceProblem) {
        let (startLine, startColumn) = (line, column)
        let start = index + 1
        var end = start
        while end < scalars.count, scalars[end].isIdentifierContinue { end += 1 }
        let name = text(start, end)
        guard ["if", "elseif", "else", "endif"].contains(name) else {
            emit(.symbol, "#", start: index, column: startColumn)
            advance()
            return
        }
        while index < end { advance() }
        // The condition runs to the end of the line, or to a `//` comment; a block comment in it,
        // even one that nests or spans lines, is a space.
        var condition = ""
        while let scalar = peek(), !scalar.isLineBreak {
            if scalar == "/", peek(1) == "/" { break }
            if scalar == "/", peek(1) == "*" {
                try blockComment()
                while condition.last == " " || condition.last == "\t" { condition.removeLast() }
                condition += " "
                while peek() == " " || peek() == "\t" { advance() }
                continue
            }
            condition.unicodeScalars.append(scalar)
            advance()
        }
        while condition.first == " " || condition.first == "\t" { condition.removeFirst() }
        while condition.last == " " || condition.last == "\t" { condition.removeLast() }
        emit(.directive, name, start: start - 1, line: startLine, column: startColumn, condition: condition)
    }

    @_optimize(none)
    private mutating func word() {
        let startColumn = column
        let start = index
        if peek() == "`" {
            advance()
            while let scalar = peek(), scalar != "`", !scalar.isLineBreak { advance() }
            if peek() == "`" { advance() }
        } else {
            index += 1
            while index < scalars.count, scalars[index].isIdentifierContinue { index += 1 }
        }
        emit(.word, text(start, index), start: start, column: startColumn)
    }

    @_optimize(none)
    private mutating func number() {
        let startColumn = column
        let start = index
        while let scalar = peek(), scalar.isIdentifierContinue || (scalar == "." && (peek(1).map { $0.isASCIIDigit || $0.properties.numericType != nil } ?? false)) {
            advance()
        }
        emit(.number, text(start, index), start: start, column: startColumn)
    }

    @_optimize(none)
    private func text(_ start: Int, _ end: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars[start..<end])
        return result
    }
}
