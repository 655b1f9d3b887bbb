/// Where a bare regex literal, `/…/` without `#`, starts and ends, as the Swift 6 compiler reads
/// it (SE-0354 "Regex Literals"; swiftc decides the same way): the `/` opens one only where an
/// expression may start, the literal's first character is no space or tab, and it closes on its
/// line. What it holds is then no code, however it starts: `/,"/`, `/=\s*"/`, `/]"/`, `[/,}/]`.
/// A `/` anywhere else is an operator: `a / b / c`, `a /= b`, `reduce(64, /)`, `</>`.
struct BareRegexLiteral {
    /// The source's scalars.
    let scalars: [Unicode.Scalar]
    /// The tokens before the `/`.
    let tokens: [Token]
    /// The index in `scalars` where each token starts.
    let starts: [Int]

    /// The words after which an expression starts.
    private static let wordsBeforeAnExpression: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "try", "await", "throw", "switch", "else", "repeat",
    ]

    /// The characters that end an operator on its left or right (the compiler's `isLeftBound`
    /// and `isRightBound`), besides a comment.
    private static let unbounding: Set<Unicode.Scalar> = [" ", "\t", "\r", "\n", "\0", "\u{0C}", "\u{A0}", "(", "[", "{", ",", ";", ":"]

    /// The index of the `/` that closes the bare regex literal opened by the `/` at `slash`, or
    /// nil when that `/` is division or part of an operator.
    @_optimize(none)
    func end(openedAt slash: Int) -> Int? {
        // The operator the `/` is in starts with the operator characters right before it; the
        // compiler tries only its first `/`, where it splits off a prefix operator (`!/x/`).
        var start = slash
        while start > 0, scalars[start - 1].isOperatorCharacter, !endsABlockComment(start - 1) {
            if scalars[start - 1] == "/" { return nil }
            start -= 1
        }
        // Right after an operand it is a binary or postfix operator: `a/b`, `x!/2`.
        guard !isLeftBound(start) else { return nil }
        let previous = tokens.count - (slash - start) - 1
        if previous >= 0, tokens[previous].kind == .word, ["func", "operator"].contains(tokens[previous].text) { return nil }
        // Spaced like a binary operator (`a / b`, `a /= b`, `(64, /)`), it needs a place where an
        // expression starts; spaced like a prefix one (`/x`), it does not.
        if !isRightBound(operatorEnd(from: slash)), !startsAnExpression(after: previous) { return nil }
        return closingSlash(after: slash)
    }

    /// Whether the `/` at `index` ends a block comment.
    @_optimize(none)
    private func endsABlockComment(_ index: Int) -> Bool {
        scalars[index] == "/" && index > 0 && scalars[index - 1] == "*"
    }

    /// Whether an operator starting at `index` is bound to what comes before it.
    @_optimize(none)
    private func isLeftBound(_ index: Int) -> Bool {
        index > 0 && !Self.unbounding.contains(scalars[index - 1]) && !endsABlockComment(index - 1)
    }

    /// The index after the operator characters from `index` on, up to a comment.
    @_optimize(none)
    private func operatorEnd(from index: Int) -> Int {
        var end = index + 1
        while end < scalars.count, scalars[end].isOperatorCharacter {
            if scalars[end] == "/", end + 1 < scalars.count, scalars[end + 1] == "/" || scalars[end + 1] == "*" { break }
            end += 1
        }
        return end
    }

    /// Whether an operator that ends before `end` and is not bound on its left is bound to what
    /// comes after it.
    @_optimize(none)
    private func isRightBound(_ end: Int) -> Bool {
        // A comment after it counts as a space; a `.` binds it (`/.../`).
        end < scalars.count && !Self.unbounding.contains(scalars[end]) && scalars[end] != "/"
    }

    /// Whether an expression may start after the token at `index` (none when it is -1): after
    /// an opening bracket, a separator, a binary or prefix operator, a directive, or a keyword
    /// that takes an expression; not after an operand or a postfix operator.
    @_optimize(none)
    private func startsAnExpression(after index: Int) -> Bool {
        guard index >= 0 else { return true }
        let token = tokens[index]
        switch token.kind {
        case .literal, .number: return false
        case .directive: return true
        case .word: return Self.wordsBeforeAnExpression.contains(token.text)
        case .symbol:
            if ["(", "[", "{", ",", ";", ":"].contains(token.text) { return true }
            let end = starts[index]
            guard scalars[end].isOperatorCharacter else { return false }
            var start = end
            while start > 0, scalars[start - 1].isOperatorCharacter, !endsABlockComment(start - 1) { start -= 1 }
            if end - start == 1, scalars[start] == "-", scalars[end] == ">" { return false }
            // `try?` and `try!` take an expression, though their `?` and `!` look postfix.
            if start == end, ["?", "!"].contains(token.text), index > 0, tokens[index - 1].text == "try" { return true }
            // Nothing binds it on its right: postfix when bound on its left.
            return !isLeftBound(start)
        }
    }

    /// The index of the `/` that closes a literal whose opening `/` is at `slash`, as the
    /// compiler finds it: on the same line, after no unescaped space, and not opening a comment;
    /// nil when there is none, or when a `)` closes a group the literal did not open (the `/` of
    /// `reduce(64, /)`).
    @_optimize(none)
    private func closingSlash(after slash: Int) -> Int? {
        guard slash + 1 < scalars.count, scalars[slash + 1] != " ", scalars[slash + 1] != "\t" else { return nil }
        var position = slash + 1
        var groups = 0
        var classes = 0
        var lastSpace = -1
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "/" {
                if position + 1 < scalars.count, scalars[position + 1] == "/" || scalars[position + 1] == "*" { return nil }
                return lastSpace == position - 1 ? nil : position
            }
            switch scalar {
            case "\n", "\r":
                return nil
            case "\\":
                guard position + 1 < scalars.count, !scalars[position + 1].isLineBreak else { return nil }
                position += 1
            case "(" where classes == 0:
                groups += 1
            case ")" where classes == 0:
                guard groups > 0 else { return nil }
                groups -= 1
            case "[":
                classes += 1
            case "]" where classes > 0:
                classes -= 1
            case " ", "\t":
                lastSpace = position
            default:
                break
            }
            position += 1
        }
        return nil
    }
}
