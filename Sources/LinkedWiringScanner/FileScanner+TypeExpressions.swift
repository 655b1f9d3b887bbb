/// How the scanner reads a type as written (an inherited type, a binder's type argument) and
/// skips what is balanced between brackets.
extension FileScanner {
    /// Reads a type at the cursor (`Wiring.Binder<Singleton>`, `any P`, `[T]`, `@unchecked
    /// Sendable`, `~Copyable`) and returns it without spaces, except between words.
    @_optimize(none)
    mutating func typeExpression() throws(SourceProblem) -> String {
        var text = ""
        while isSymbol("@"), let name = token(1), name.kind == .word {
            index += 2
            if isSymbol("("), token()?.line == name.line { _ = try balanced(open: "(", close: ")") }
        }
        if isSymbol("~") {
            text += "~"
            index += 1
        }
        while let word = token(), word.kind == .word, ["any", "some", "inout", "sending", "borrowing", "consuming"].contains(word.text),
              let next = token(1), next.kind == .word || (next.kind == .symbol && ["(", "["].contains(next.text)) {
            text += word.text + " "
            index += 1
        }
        if isSymbol("(") {
            text += try balanced(open: "(", close: ")")
        } else if isSymbol("[") {
            text += try balanced(open: "[", close: "]")
        } else if let word = token(), word.kind == .word {
            text += word.text
            index += 1
            while true {
                if isSymbol("<") {
                    text += try balanced(open: "<", close: ">")
                } else if isSymbol("."), let next = token(1), next.kind == .word {
                    text += "." + next.text
                    index += 2
                } else {
                    break
                }
            }
        }
        while isSymbol("?") || isSymbol("!") {
            text += token()?.text ?? ""
            index += 1
        }
        return text
    }

    /// Reads from the `open` at the cursor to its matching `close`; the text, words separated by
    /// spaces and nothing else.
    @_optimize(none)
    mutating func balanced(open: String, close: String) throws(SourceProblem) -> String {
        let start = token()
        var depth = 0
        var text = ""
        var previous: Token?
        while let current = token() {
            index += 1
            if current.kind == .symbol, current.text == open { depth += 1 }
            if current.kind == .symbol, current.text == close, !(close == ">" && previous?.text == "-") { depth -= 1 }
            if current.kind == .directive { continue }
            if let previous {
                if previous.kind != .symbol, current.kind != .symbol {
                    text += " "
                } else if previous.kind == .symbol, [",", ":"].contains(previous.text) {
                    text += " "
                }
            }
            text += current.text
            previous = current
            if depth == 0 { return text }
            if open == "<", current.kind == .symbol, ["{", "}"].contains(current.text) {
                throw problem("this \(open) is not closed before a brace; LinkedWiring cannot read the declaration", at: start)
            }
        }
        throw problem("this \(open) is never closed", at: start)
    }
}
