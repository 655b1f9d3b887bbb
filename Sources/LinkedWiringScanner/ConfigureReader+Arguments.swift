extension ConfigureReader {
    /// The label of an argument, or nil when it has none.
    @_optimize(none)
    static func label(of argument: [Token]) -> String? {
        guard argument.count >= 2, argument[0].kind == .word, argument[1].kind == .symbol, argument[1].text == ":" else { return nil }
        return argument[0].text
    }

    /// The argument with a label, without it.
    @_optimize(none)
    static func argument(labelled name: String, in member: Member) -> [Token]? {
        guard let argument = member.arguments.first(where: { label(of: $0) == name }) else { return nil }
        return Array(argument.dropFirst(2))
    }

    /// `T` from the tokens of `T.self`, `Module.T.self` or `(any P).self`; nil for anything else.
    @_optimize(none)
    static func metatype(_ tokens: [Token]?) -> String? {
        guard var tokens, tokens.count >= 3, tokens[tokens.count - 1].text == "self", tokens[tokens.count - 2].text == "." else {
            return nil
        }
        tokens.removeLast(2)
        if tokens.first?.text == "(", tokens.last?.text == ")" {
            tokens = Array(tokens.dropFirst().dropLast())
        }
        var text = ""
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .word where index == 0 && token.text == "any" && tokens.count > 1:
                text += "any "
            case .word:
                guard index == 0 || tokens[index - 1].text == "." || text == "any " else { return nil }
                text += token.text
            case .symbol where token.text == "." && index > 0 && tokens[index - 1].kind == .word:
                text += "."
            default:
                return nil
            }
        }
        guard let last = text.last, last != ".", last != " " else { return nil }
        return text
    }

    /// A map key the reader can compare: a simple string literal or a whole number.
    @_optimize(none)
    static func literalKey(_ tokens: [Token]?) -> String? {
        guard let tokens, tokens.count == 1 else { return nil }
        let token = tokens[0]
        if token.kind == .literal, let value = token.value { return "\"\(value)\"" }
        if token.kind == .number, token.text.allSatisfy(\.isNumber) { return token.text }
        return nil
    }

    /// `binder.expose(…)` as written, for messages.
    @_optimize(none)
    static func exposeText(_ member: Member) -> String {
        let arguments = member.arguments.map { argument in
            var text = ""
            for token in argument {
                if token.text == ":" {
                    text += ": "
                } else if token.text == "," {
                    text += ", "
                } else if token.kind == .word, let last = text.last, last.isLetter || last.isNumber {
                    text += " " + token.text
                } else {
                    text += token.text
                }
            }
            return text
        }
        return "binder.expose(\(arguments.joined(separator: ", ")))"
    }

    /// The arguments of the call whose `(` is at `index`, split at top-level commas, and the
    /// index after its `)`.
    @_optimize(none)
    static func arguments(_ tokens: [Token], from index: Int) -> ([[Token]], Int)? {
        var arguments: [[Token]] = []
        var current: [Token] = []
        var depth = 0
        var position = index
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .symbol, ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .symbol, [")", "]", "}"].contains(token.text) {
                depth -= 1
                if depth == 0 {
                    if !current.isEmpty { arguments.append(current) }
                    return (arguments, position + 1)
                }
            }
            if position > index {
                if depth == 1, token.kind == .symbol, token.text == "," {
                    arguments.append(current)
                    current = []
                } else {
                    current.append(token)
                }
            }
            position += 1
        }
        return nil
    }

    /// The index after the brace, bracket or parenthesis group that opens at `index`: where
    /// ``arguments(_:from:)`` ends, whatever the group holds.
    @_optimize(none)
    static func skipBalanced(_ tokens: [Token], from index: Int) -> Int? {
        arguments(tokens, from: index)?.1
    }
}
