/// Finds the type declarations, extensions, imports and `// linked-wiring:` markers of one Swift
/// file, textually: no SwiftSyntax, so that the plugin has no dependency.
///
/// It reads only what deciding the modules of a library needs: the header of each type and
/// extension at file or type level (attributes, modifiers, name, generic parameters, inherited
/// types), and in their bodies `typealias Scope = …` and the binder type of
/// `static func configure(binder: …)`. Bodies of functions, properties and closures are skipped
/// by counting braces.
package struct FileScanner {
    let tokens: [Token]
    let path: String
    var index = 0
    var result: ScannedFile
    var contexts: [Context] = []
    /// How many `(` and `[` are open in the innermost braces; declarations start only at 0.
    var parenDepth = 0
    /// The paren depth of each enclosing context, restored when its brace closes.
    var savedParenDepths: [Int] = []
    var conditions: [ConditionFrame] = []
    /// The line of each comment that stands alone on its line, and its text.
    let commentLines: [Int: String]
    var usedMarkers: Set<Int> = []
    /// The index of the last `typealias` keyword recorded: a declaration with modifiers is read
    /// again from its keyword once they are consumed, and must be recorded once, with them.
    var lastAliasKeyword = -1
    /// The index of the last `init` keyword recorded, for the same reason.
    var lastInitKeyword = -1

    enum Context {
        case type(Int, openedAt: Token)
        case other(openedAt: Token)

        // Cold: scans a file read anew, which a warm run does only for the files that changed; the
        // cache keeps the scans. `@_optimize(none)` here and below keeps the optimiser off it
        // (Benchmarks/README.md, "The tool's own compile").
        @_optimize(none)
        var token: Token {
            switch self {
            case let .type(_, token), let .other(token): token
            }
        }
    }

    struct ConditionFrame {
        var earlier: [String]
        var current: String?
        var line: Int

        @_optimize(none)
        var rendered: String {
            let negated = earlier.map { "!(\($0))" }
            if earlier.isEmpty, let current { return current }
            return (negated + (current.map { ["(\($0))"] } ?? [])).joined(separator: " && ")
        }
    }

    /// The words that may come before `struct`, `func` and the like in a declaration.
    static let modifiers: Set<String> = [
        "public", "open", "package", "internal", "private", "fileprivate", "final", "indirect", "nonisolated",
        "static", "override", "required", "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned",
        "dynamic", "optional", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing",
    ]
    static let accessLevels: Set<String> = ["public", "open", "package", "internal", "private", "fileprivate"]
    /// What follows `class` when `class` is a modifier (`class func`) rather than a declaration.
    static let afterClassModifier: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "typealias", "static", "override", "final", "public",
        "open", "package", "internal", "private", "fileprivate", "nonisolated", "required", "convenience",
    ]

    /// Scans one file.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: The path used in problems.
    /// - Returns: What the file declares.
    /// - Throws: A ``SourceProblem`` for text the scan cannot follow (a literal or comment that
    ///   never ends, unbalanced braces or `#if`, a declaration without a name) or a
    ///   `// linked-wiring:` marker it does not understand.
    @_optimize(none)
    package static func scan(text: String, path: String) throws(SourceProblem) -> ScannedFile {
        let lexer = try Lexer(text: text, file: path)
        var scanner = FileScanner(tokens: lexer.tokens, comments: lexer.comments, path: path)
        try scanner.run()
        try scanner.checkMarkers(lexer.comments)
        return scanner.result
    }

    @_optimize(none)
    init(tokens: [Token], comments: [LineComment], path: String) {
        self.tokens = tokens
        self.path = path
        result = ScannedFile(path: path)
        var lines: [Int: String] = [:]
        for comment in comments where !comment.followsCode {
            lines[comment.line] = comment.text
        }
        commentLines = lines
    }

    // MARK: - The walk

    @_optimize(none)
    var atDeclarationLevel: Bool {
        guard parenDepth == 0 else { return false }
        return switch contexts.last {
        case nil, .type?: true
        case .other?: false
        }
    }

    @_optimize(none)
    func token(_ offset: Int = 0) -> Token? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    @_optimize(none)
    func isSymbol(_ text: String, _ offset: Int = 0) -> Bool {
        guard let token = token(offset) else { return false }
        return token.kind == .symbol && token.text == text
    }

    @_optimize(none)
    func isWord(_ text: String, _ offset: Int = 0) -> Bool {
        guard let token = token(offset) else { return false }
        return token.kind == .word && token.text == text
    }

    @_optimize(none)
    func problem(_ message: String, at token: Token?) -> SourceProblem {
        SourceProblem(file: path, line: token?.line ?? tokens.last?.line ?? 1, column: token?.column ?? 1, message: message)
    }

    @_optimize(none)
    mutating func run() throws(SourceProblem) {
        while let current = token() {
            if atDeclarationLevel, current.kind == .word || isSymbol("@") {
                let start = index
                try declaration()
                if index > start { continue }
            }
            try step()
        }
        if let open = contexts.last {
            throw problem("this { is never closed; LinkedWiring cannot tell where the declarations after it belong", at: open.token)
        }
        if let open = conditions.last {
            throw SourceProblem(file: path, line: open.line, message: "this #if has no #endif")
        }
    }

    /// Moves past one token that starts no declaration, following braces and `#if`.
    @_optimize(none)
    mutating func step() throws(SourceProblem) {
        guard let current = token() else { return }
        index += 1
        switch current.kind {
        case .symbol where current.text == "{":
            open(.other(openedAt: current))
        case .symbol where current.text == "}":
            guard contexts.popLast() != nil else {
                throw problem("this } closes nothing; LinkedWiring cannot tell where the declarations after it belong", at: current)
            }
            parenDepth = savedParenDepths.popLast() ?? 0
        case .symbol where current.text == "(" || current.text == "[":
            parenDepth += 1
        case .symbol where current.text == ")" || current.text == "]":
            parenDepth = max(0, parenDepth - 1)
        case .directive:
            try directive(current)
        default:
            break
        }
    }

    @_optimize(none)
    mutating func directive(_ token: Token) throws(SourceProblem) {
        switch token.text {
        case "if":
            conditions.append(ConditionFrame(earlier: [], current: token.condition, line: token.line))
        case "elseif", "else":
            guard var frame = conditions.popLast() else {
                throw problem("this #\(token.text) has no #if", at: token)
            }
            if let current = frame.current { frame.earlier.append(current) }
            frame.current = token.text == "else" ? nil : token.condition
            conditions.append(frame)
        default:
            guard conditions.popLast() != nil else {
                throw problem("this #endif has no #if", at: token)
            }
        }
    }

    // MARK: - Declarations

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
            guard let kind = ScannedType.Kind(rawValue: keyword.text) else { return }
            if case let .type(owner, _)? = contexts.last, isWord("Seed", 1) { result.types[owner].declaresSeed = true }
            try typeDeclaration(kind, first: first, attributes: attributes, modifiers: modifiers)
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
            if case let .type(owner, _)? = contexts.last, isWord("configureRoot", 1) {
                result.types[owner].rootType = receiptBinderArgument(from: index + 2)
            }
            if case let .type(owner, _)? = contexts.last, isWord("configure", 1),
               modifiers.contains("static") || modifiers.contains("class") {
                index += 2
                if isSymbol("<") { _ = try balanced(open: "<", close: ">") }
                guard isSymbol("(") else { return }
                index += 1
                var binderName: String?
                while let current = token(), !(current.kind == .symbol && [":", ")"].contains(current.text)) {
                    if current.kind == .word { binderName = current.text }
                    index += 1
                }
                guard isSymbol(":") else { return }
                index += 1
                let type = try typeExpression()
                if result.types[owner].configureBinder == nil {
                    result.types[owner].configureBinder = (type, keyword.line)
                    if let binderName, let body = configureBody() {
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
        // The type must end the declaration: `A & B`, `(A) -> B` or `A.B<C>` read in part is not it.
        if let type = try? typeExpression(), !type.isEmpty,
           token().map({ $0.line > keyword.line || $0.kind == .symbol && [";", "}"].contains($0.text) }) ?? true {
            alias.target = type
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
                guard isSymbol(",") else { break }
                index += 1
            }
        }
        while let current = token(), !(current.kind == .symbol && current.text == "{") {
            if current.kind == .symbol, current.text == "}" || current.text == ";" {
                throw problem("cannot find the body of \(name)", at: keyword)
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
