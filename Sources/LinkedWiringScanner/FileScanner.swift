/// Finds the type declarations, extensions, imports and `// linked-wiring:` markers of one Swift
/// file, textually: no SwiftSyntax, so that the plugin has no dependency.
///
/// It reads only what deciding the modules of a library needs: the header of each type and
/// extension at file or type level (attributes, modifiers, name, generic parameters, inherited
/// types), and in their bodies `typealias Scope = …` and the binder type of
/// `static func configure(binder: …)`. Bodies of functions, properties and closures are skipped
/// by counting braces.
package struct FileScanner {
    private let tokens: [Token]
    private let path: String
    private var index = 0
    private var result: ScannedFile
    private var contexts: [Context] = []
    /// How many `(` and `[` are open in the innermost braces; declarations start only at 0.
    private var parenDepth = 0
    /// The paren depth of each enclosing context, restored when its brace closes.
    private var savedParenDepths: [Int] = []
    private var conditions: [ConditionFrame] = []
    /// The line of each comment that stands alone on its line, and its text.
    private let commentLines: [Int: String]
    private var usedMarkers: Set<Int> = []

    private enum Context {
        case type(Int, openedAt: Token)
        case other(openedAt: Token)

        var token: Token {
            switch self {
            case let .type(_, token), let .other(token): token
            }
        }
    }

    private struct ConditionFrame {
        var earlier: [String]
        var current: String?
        var line: Int

        var rendered: String {
            let negated = earlier.map { "!(\($0))" }
            if earlier.isEmpty, let current { return current }
            return (negated + (current.map { ["(\($0))"] } ?? [])).joined(separator: " && ")
        }
    }

    /// The words that may come before `struct`, `func` and the like in a declaration.
    private static let modifiers: Set<String> = [
        "public", "open", "package", "internal", "private", "fileprivate", "final", "indirect", "nonisolated",
        "static", "override", "required", "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned",
        "dynamic", "optional", "prefix", "postfix", "infix", "distributed", "isolated", "consuming", "borrowing",
    ]
    private static let accessLevels: Set<String> = ["public", "open", "package", "internal", "private", "fileprivate"]
    /// What follows `class` when `class` is a modifier (`class func`) rather than a declaration.
    private static let afterClassModifier: Set<String> = [
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
    package static func scan(text: String, path: String) throws(SourceProblem) -> ScannedFile {
        let lexer = try Lexer(text: text, file: path)
        var scanner = FileScanner(tokens: lexer.tokens, comments: lexer.comments, path: path)
        try scanner.run()
        try scanner.checkMarkers(lexer.comments)
        return scanner.result
    }

    private init(tokens: [Token], comments: [LineComment], path: String) {
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

    private var atDeclarationLevel: Bool {
        guard parenDepth == 0 else { return false }
        return switch contexts.last {
        case nil, .type?: true
        case .other?: false
        }
    }

    private func token(_ offset: Int = 0) -> Token? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    private func isSymbol(_ text: String, _ offset: Int = 0) -> Bool {
        guard let token = token(offset) else { return false }
        return token.kind == .symbol && token.text == text
    }

    private func isWord(_ text: String, _ offset: Int = 0) -> Bool {
        guard let token = token(offset) else { return false }
        return token.kind == .word && token.text == text
    }

    private func problem(_ message: String, at token: Token?) -> SourceProblem {
        SourceProblem(file: path, line: token?.line ?? tokens.last?.line ?? 1, column: token?.column ?? 1, message: message)
    }

    private mutating func run() throws(SourceProblem) {
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
    private mutating func step() throws(SourceProblem) {
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

    private mutating func directive(_ token: Token) throws(SourceProblem) {
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
    private mutating func declaration() throws(SourceProblem) {
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
            try typeDeclaration(kind, first: first, attributes: attributes, modifiers: modifiers)
        case "typealias":
            if case let .type(owner, _)? = contexts.last, isWord("Scope", 1), isSymbol("=", 2) {
                index += 3
                let type = try typeExpression()
                if result.types[owner].scopeAlias == nil {
                    result.types[owner].scopeAlias = (type, keyword.line)
                }
            }
        case "func":
            if case let .type(owner, _)? = contexts.last, isWord("configure", 1),
               modifiers.contains("static") || modifiers.contains("class") {
                index += 2
                if isSymbol("<") { _ = try balanced(open: "<", close: ">") }
                guard isSymbol("(") else { return }
                index += 1
                while let current = token(), !(current.kind == .symbol && [":", ")"].contains(current.text)) { index += 1 }
                guard isSymbol(":") else { return }
                index += 1
                let type = try typeExpression()
                if result.types[owner].configureBinder == nil {
                    result.types[owner].configureBinder = (type, keyword.line)
                }
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

    private mutating func typeDeclaration(
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

    private mutating func open(_ context: Context) {
        contexts.append(context)
        savedParenDepths.append(parenDepth)
        parenDepth = 0
    }

    private var enclosingType: Int? {
        for context in contexts.reversed() {
            if case let .type(owner, _) = context { return owner }
        }
        return nil
    }

    // MARK: - Types as written

    /// Reads a type at the cursor (`Wiring.Binder<Singleton>`, `any P`, `[T]`, `@unchecked
    /// Sendable`, `~Copyable`) and returns it without spaces, except between words.
    private mutating func typeExpression() throws(SourceProblem) -> String {
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
    private mutating func balanced(open: String, close: String) throws(SourceProblem) -> String {
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

    // MARK: - Markers

    /// Whether the comment lines right above `line` say `// linked-wiring: exclude`.
    private mutating func marker(above line: Int) throws(SourceProblem) -> Bool {
        var excluded = false
        var current = line - 1
        while let comment = commentLines[current] {
            if let directive = Self.directive(of: comment) {
                usedMarkers.insert(current)
                guard Self.isExclude(directive) else {
                    throw SourceProblem(file: path, line: current, message: Self.unknownDirective(directive))
                }
                excluded = true
            }
            current -= 1
        }
        return excluded
    }

    /// Every marker must sit above a declaration: one elsewhere would leave out nothing.
    private func checkMarkers(_ comments: [LineComment]) throws(SourceProblem) {
        for comment in comments {
            guard let directive = Self.directive(of: comment.text), !usedMarkers.contains(comment.line) else { continue }
            guard Self.isExclude(directive) else {
                throw SourceProblem(file: path, line: comment.line, message: Self.unknownDirective(directive))
            }
            throw SourceProblem(
                file: path, line: comment.line,
                message: "this `// linked-wiring: exclude` is not on the lines right above a type declaration or extension, so it leaves out nothing; move it to the line above the module's declaration"
            )
        }
    }

    /// The text after `// linked-wiring:`, or nil when the comment is not a marker.
    private static func directive(of comment: String) -> String? {
        guard comment.hasPrefix("//"), !comment.hasPrefix("///") else { return nil }
        let body = comment.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("linked-wiring:") else { return nil }
        return String(body.dropFirst("linked-wiring:".count).drop { $0 == " " || $0 == "\t" })
    }

    private static func isExclude(_ directive: String) -> Bool {
        directive.prefix { $0.isLetter || $0 == "-" } == "exclude"
    }

    private static func unknownDirective(_ directive: String) -> String {
        "unknown marker `// linked-wiring: \(directive)`; the only marker is `// linked-wiring: exclude`, on the line above a module to leave out"
    }
}
