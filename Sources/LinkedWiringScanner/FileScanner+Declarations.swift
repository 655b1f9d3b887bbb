extension FileScanner {
    /// Reads the attributes and modifiers at the cursor and the declaration they introduce, when
    /// it is one the scan records; otherwise leaves the cursor after them.
    @_optimize(none)
    mutating func declaration() throws(SourceProblem) {
        guard let first = token() else { return }
        var attributes: [String] = []
        var modifiers: [String] = []
        while let current = token() {
            if isSymbol("@"), let name = token(1), name.kind == .word {
                index += 2
                var attribute = name.text
                if isSymbol("("), token()?.line == name.line {
                    attribute += try balanced(open: "(", close: ")")
                }
                attributes.append(attribute)
            } else if current.kind == .word, Self.modifiers.contains(current.text) {
                modifiers.append(current.text)
                index += 1
                if isSymbol("("), let next = token(1), next.kind == .word, ["set", "safe", "unsafe"].contains(next.text) {
                    _ = try balanced(open: "(", close: ")")
                }
            } else if isWord("class"), let next = token(1), next.kind == .word, Self.afterClassModifier.contains(next.text) {
                modifiers.append("class")
                index += 1
            } else {
                break
            }
        }
        guard let keyword = token(), keyword.kind == .word else { return }
        switch keyword.text {
        case "struct", "enum", "class", "actor", "protocol", "extension":
            // With no attribute or modifier before it, the word may be a name (`let actor: String`,
            // `case actor`, `= .struct`): `actor` is a keyword only before a name on its line.
            if attributes.isEmpty, modifiers.isEmpty, index > 0 {
                let previous = tokens[index - 1]
                if previous.kind == .symbol, [".", ","].contains(previous.text) { return }
                if previous.kind == .word, ["let", "var", "case", "func"].contains(previous.text) { return }
                if keyword.text == "actor", !(token(1).map { $0.kind == .word && $0.line == keyword.line } ?? false) { return }
            }
            guard let kind = ScannedType.Kind(rawValue: keyword.text) else { return }
            if case let .type(owner, _)? = contexts.last, isWord("Seed", 1) { result.types[owner].declaresSeed = true }
            try typeDeclaration(kind, first: first, attributes: attributes, modifiers: modifiers)
        case "associatedtype":
            // Inside a conforming type, the name means the type's witness, not a top-level type of
            // that name: an alias whose target the reading cannot tell.
            if let name = token(1), name.kind == .word {
                result.typealiases.append(name.text)
                result.aliases.append(ScannedTypealias(name: name.text, target: nil, isTopLevel: false, isUnsure: true))
            }
        case "typealias":
            if let name = token(1), name.kind == .word {
                result.typealiases.append(name.text)
                if index != lastAliasKeyword {
                    lastAliasKeyword = index
                    result.aliases.append(aliasDeclaration(name: name, modifiers: modifiers, keyword: keyword))
                }
            }
            if case let .type(owner, _)? = contexts.last, isWord("Seed", 1) { result.types[owner].declaresSeed = true }
            if case let .type(owner, _)? = contexts.last, isWord("Scope", 1), isSymbol("=", 2) {
                index += 3
                let type = try typeExpression()
                if result.types[owner].scopeAlias == nil {
                    result.types[owner].scopeAlias = (type, keyword.line)
                }
            }
        case "func":
            if case .type? = contexts.last, isWord("bind", 1), !isTypeMember(keyword: index) { result.declaresBind = true }
            if case let .type(owner, _)? = contexts.last, isWord("configureRoot", 1) {
                result.types[owner].rootType = receiptBinderArgument(from: index + 2)
            }
            if case let .type(owner, _)? = contexts.last, isWord("configure", 1),
               modifiers.contains("static") || modifiers.contains("class") {
                index += 2
                if isSymbol("<") { _ = try balanced(open: "<", close: ">") }
                guard isSymbol("(") else { return }
                index += 1
                var names: [String] = []
                while let current = token(), !(current.kind == .symbol && [":", ")"].contains(current.text)) {
                    if current.kind == .word { names.append(current.text) }
                    index += 1
                }
                guard isSymbol(":") else { return }
                index += 1
                // `Module`'s requirement is `configure(binder:)` with a binder: an overload with
                // more parameters, `inout`, or a type surely no binder's (a test's helper) is not
                // the module's.
                guard names.first == "binder", let binderName = names.last, !isWord("inout") else { return }
                let type = try typeExpression()
                guard isSymbol(")"), !Self.isSurelyNoBinder(type) else { return }
                if result.types[owner].configureBinder == nil {
                    result.types[owner].configureBinder = (type, keyword.line)
                    if conditions.count > result.types[owner].conditions.count {
                        // Under an `#if` of the type's own: this `configure` may not be the one
                        // built, and another may follow under `#else`. What it binds is unsure.
                        result.types[owner].configureBody = ConfigureBody(
                            binder: binderName, tokens: [], reading: ConfigureReading(calls: [], isOpaque: true)
                        )
                    } else if let body = configureBody() {
                        result.types[owner].configureBody = ConfigureBody(binder: binderName, tokens: body)
                    }
                }
            }
        case "init":
            if case let .type(owner, _)? = contexts.last, index != lastInitKeyword {
                lastInitKeyword = index
                result.inits.append(initDeclaration(owner: owner, modifiers: modifiers, keyword: keyword))
            }
        case "import":
            if contexts.isEmpty {
                index += 1
                if let kind = token(), kind.kind == .word,
                   ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(kind.text) {
                    index += 1
                }
                if let module = token(), module.kind == .word {
                    result.imports.append(module.text)
                    index += 1
                }
            }
        default:
            break
        }
    }

    /// The standard library's types, which no binder is: a `configure(binder:)` that takes one
    /// is a helper of the module's own.
    static let standardTypes: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Array", "Dictionary", "Set", "Optional", "Result", "Any", "AnyObject", "Void",
        "Never",
    ]

    /// Whether the type of a `configure(binder:)` parameter, as written, is surely no binder of
    /// Wiring's, so that the function is not `Module`'s requirement: a collection, tuple or
    /// function type, an optional, `some` or `any` of a protocol, or a type of the standard
    /// library. Any other name may be a binder or a typealias of one, which the scan keeps.
    @_optimize(none)
    static func isSurelyNoBinder(_ written: String) -> Bool {
        if written.hasPrefix("[") || written.hasPrefix("(") || written.hasSuffix("?") || written.hasSuffix("!") { return true }
        if written.hasPrefix("some ") || written.hasPrefix("any ") { return true }
        var name = written.prefix { $0 != "<" }
        if name.hasPrefix("Swift.") { name = name.dropFirst("Swift.".count) }
        return standardTypes.contains(String(name))
    }

    /// Whether the modifiers before the keyword at `keyword` hold `static` or `class`: the
    /// scan may read a declaration again from its keyword, without its modifiers.
    @_optimize(none)
    func isTypeMember(keyword: Int) -> Bool {
        var position = keyword - 1
        while position >= 0, tokens[position].kind == .word, Self.modifiers.contains(tokens[position].text) || tokens[position].text == "class" {
            if ["static", "class"].contains(tokens[position].text) { return true }
            position -= 1
        }
        return false
    }

    /// `X` of the first `ReceiptBinder<X>` (or `Module.ReceiptBinder<X>`) in the parameter list
    /// that opens at `position`, when X is a plain name; the empty string when it is anything
    /// else or there is none.
    @_optimize(none)
    func receiptBinderArgument(from position: Int) -> String {
        var position = position
        while position + 1 < tokens.count, !(tokens[position].kind == .symbol && [")", "{"].contains(tokens[position].text)) {
            if tokens[position].text == "ReceiptBinder", tokens[position + 1].text == "<" {
                var text = ""
                position += 2
                while position < tokens.count, tokens[position].text != ">" {
                    guard tokens[position].kind == .word || tokens[position].text == "." else { return "" }
                    text += tokens[position].text
                    position += 1
                }
                return text
            }
            position += 1
        }
        return ""
    }

    /// The `typealias` at the cursor, read without moving the cursor.
    @_optimize(none)
    mutating func aliasDeclaration(name: Token, modifiers: [String], keyword: Token) -> ScannedTypealias {
        var alias = ScannedTypealias(
            name: name.text, target: nil, isTopLevel: contexts.isEmpty,
            isUnsure: !conditions.isEmpty || modifiers.contains("private") || modifiers.contains("fileprivate") || !isSymbol("=", 2)
        )
        guard isSymbol("=", 2) else { return alias }
        let start = index
        index += 3
        // The type must end the declaration: `(A) -> B` or `A.B<C>` read in part is not it; a
        // composition, `A & B`, is kept as its parts.
        var parts: [String] = []
        while let type = try? typeExpression(), !type.isEmpty {
            parts.append(type)
            guard isSymbol("&") else { break }
            index += 1
        }
        if !parts.isEmpty, !isSymbol("&"),
           token().map({ $0.line > keyword.line || $0.kind == .symbol && [";", "}"].contains($0.text) }) ?? true {
            if parts.count == 1 { alias.target = parts[0] } else { alias.composition = parts }
        }
        index = start
        return alias
    }

    /// The `init` at the cursor, read without moving the cursor: its parameters' types as
    /// written, or nil for a list the reading cannot split.
    @_optimize(none)
    func initDeclaration(owner: Int, modifiers: [String], keyword: Token) -> ScannedInit {
        var position = index + 1
        var declaration = ScannedInit(
            owner: owner, access: modifiers.last { Self.accessLevels.contains($0) }, isFailable: false, isGeneric: false,
            isConditional: !conditions.isEmpty, parameters: nil, line: keyword.line
        )
        if position < tokens.count, tokens[position].kind == .symbol, ["?", "!"].contains(tokens[position].text) {
            declaration.isFailable = true
            position += 1
        }
        if position < tokens.count, tokens[position].kind == .symbol, tokens[position].text == "<" {
            declaration.isGeneric = true
            return declaration
        }
        guard position < tokens.count, tokens[position].kind == .symbol, tokens[position].text == "(",
              let (arguments, _) = ConfigureReader.arguments(tokens, from: position) else { return declaration }
        var parameters: [String] = []
        for argument in arguments {
            // `label name: Type = default`: the type runs from the first top-level `:` to a
            // top-level `=`.
            var depth = 0
            var colon: Int?
            var end = argument.count
            for (offset, token) in argument.enumerated() where token.kind == .symbol {
                if ["(", "[", "<"].contains(token.text) { depth += 1 }
                if [")", "]", ">"].contains(token.text) { depth -= 1 }
                if depth == 0, token.text == ":", colon == nil { colon = offset }
                if depth == 0, token.text == "=", colon != nil {
                    end = offset
                    break
                }
            }
            guard let colon, colon + 1 < end else { return declaration }
            var text = ""
            var previousWasWord = false
            for token in argument[(colon + 1)..<end] {
                let isWord = token.kind == .word
                if isWord, previousWasWord { text += " " }
                text += token.text
                previousWasWord = isWord
            }
            parameters.append(text)
        }
        declaration.parameters = parameters
        return declaration
    }

    /// The tokens between the braces of the function body that starts after the cursor (past
    /// the rest of its parameters, effects and `where` clause), without moving the cursor; nil
    /// when there is none (a protocol requirement).
    @_optimize(none)
    func configureBody() -> [Token]? {
        var position = index
        var depth = 0
        while position < tokens.count {
            let current = tokens[position]
            if current.kind == .symbol, current.text == "(" || current.text == "[" || current.text == "<" { depth += 1 }
            if current.kind == .symbol, current.text == ")" || current.text == "]" || current.text == ">" { depth -= 1 }
            if depth <= 0, current.kind == .symbol, current.text == "}" || current.text == ";" { return nil }
            if depth <= 0, current.kind == .word, ["func", "var", "let", "static", "public", "init"].contains(current.text) { return nil }
            if depth <= 0, current.kind == .symbol, current.text == "{" { break }
            position += 1
        }
        guard position < tokens.count else { return nil }
        let open = position
        depth = 0
        while position < tokens.count {
            let current = tokens[position]
            if current.kind == .symbol, current.text == "{" { depth += 1 }
            if current.kind == .symbol, current.text == "}" {
                depth -= 1
                if depth == 0 { return Array(tokens[(open + 1)..<position]) }
            }
            position += 1
        }
        return nil
    }

    @_optimize(none)
    mutating func typeDeclaration(
        _ kind: ScannedType.Kind, first: Token, attributes: [String], modifiers: [String]
    ) throws(SourceProblem) {
        let keyword = tokens[index]
        index += 1
        let name: String
        if kind == .extension {
            name = try typeExpression()
        } else if let word = token(), word.kind == .word {
            name = word.text
            index += 1
        } else {
            throw problem("cannot read the name of this \(kind.rawValue)", at: keyword)
        }
        guard !name.isEmpty else {
            throw problem("cannot read the type this extension extends", at: keyword)
        }
        var type = ScannedType(
            kind: kind, name: name, parent: enclosingType, access: modifiers.last { Self.accessLevels.contains($0) },
            attributes: attributes, file: path, line: first.line, column: first.column
        )
        if isSymbol("<") {
            type.isGeneric = kind != .extension && kind != .protocol
            _ = try balanced(open: "<", close: ">")
        }
        if isSymbol(":") {
            index += 1
            while true {
                let inherited = try typeExpression()
                if !inherited.isEmpty { type.inheritance.append(inherited) }
                // A composition, `Sendable & Module`, inherits each of its parts.
                guard isSymbol(",") || isSymbol("&") else { break }
                index += 1
            }
        }
        while let current = token(), !(current.kind == .symbol && current.text == "{") {
            if current.kind == .symbol, current.text == "}" || current.text == ";" {
                throw problem("cannot find the body of \(name)", at: keyword)
            }
            // `protocol FeatureModule where Self: Module`: its conformers inherit `Module`, as
            // they would through `protocol FeatureModule: Module`.
            if kind == .protocol, current.kind == .word, current.text == "Self", isSymbol(":", 1),
               let before = token(-1), before.kind == .word && before.text == "where" || before.kind == .symbol && before.text == "," {
                index += 2
                while true {
                    let required = try typeExpression()
                    if !required.isEmpty { type.inheritance.append(required) }
                    guard isSymbol("&") else { break }
                    index += 1
                }
                continue
            }
            // `protocol SessionModule: Module where Scope == SessionScope`: the scope it fixes.
            if current.kind == .word, current.text == "Scope" || current.text == "Self.Scope", isSymbol("=", 1), isSymbol("=", 2),
               let before = token(-1), before.kind == .word && before.text == "where" || before.kind == .symbol && before.text == "," {
                index += 3
                let fixed = try typeExpression()
                if type.scopeAlias == nil, !fixed.isEmpty { type.scopeAlias = (fixed, current.line) }
                continue
            }
            index += 1
        }
        guard let brace = token() else {
            throw problem("cannot find the body of \(name)", at: keyword)
        }
        type.conditions = conditions.map(\.rendered)
        type.isExcluded = try marker(above: first.line)
        result.types.append(type)
        open(.type(result.types.count - 1, openedAt: brace))
        index += 1
    }

    @_optimize(none)
    mutating func open(_ context: Context) {
        contexts.append(context)
        savedParenDepths.append(parenDepth)
        parenDepth = 0
    }

    @_optimize(none)
    var enclosingType: Int? {
        for context in contexts.reversed() {
            if case let .type(owner, _) = context { return owner }
        }
        return nil
    }
}
