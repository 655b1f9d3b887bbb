/// Finds the type declarations, extensions, imports and `// linked-wiring:` markers of one Swift
/// file, textually: no SwiftSyntax, so that the plugin has no dependency.
///
/// It reads only what deciding the modules of a library needs: the header of each type and
/// extension at file or type level (attributes, modifiers, name, generic parameters, inherited
/// types), and in their bodies `typealias Scope = …` and the binder type of
/// `static func configure(binder: …)`. Bodies of functions, properties and closures are skipped
/// by counting braces.
public struct FileScanner {
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
    public static func scan(text: String, path: String) throws(SourceProblem) -> ScannedFile {
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
}
