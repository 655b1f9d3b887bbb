@testable import LinkedWiringScanner
import Testing

/// The lexer reads tokens where the compiler does: bare regex literals, Unicode identifiers,
/// every kind of line break, and comments in `#if` lines. Every snippet here was checked with
/// `swiftc -swift-version 6 -dump-parse`, which shows each regex literal it reads.
struct LexerTests {
    /// The tokens' texts, a regex literal as `/…/`.
    func texts(_ source: String) throws -> [String] {
        try Lexer(text: source, file: "Lib/Snippet.swift").tokens.map(\.text)
    }

    /// A bare regex literal may start with `,`, `=`, `]` or any other character but a space or
    /// a tab where an expression starts; quotes and braces in it are not code.
    @Test(arguments: [
        (#"line.split(separator: /,"/)"#, ["line", ".", "split", "(", "separator", ":", "/…/", ")"]),
        (#"s.split(separator:/,"/)"#, ["s", ".", "split", "(", "separator", ":", "/…/", ")"]),
        (#"let r = /=\s*"/"#, ["let", "r", "=", "/…/"]),
        (#"let r = /]"/"#, ["let", "r", "=", "/…/"]),
        ("let r = /,{/", ["let", "r", "=", "/…/"]),
        ("let r = [/,}/]", ["let", "r", "=", "[", "/…/", "]"]),
        ("let r = [/=/]", ["let", "r", "=", "[", "/…/", "]"]),
        (#"return /,"/"#, ["return", "/…/"]),
        ("let a = try? /,/", ["let", "a", "=", "try", "?", "/…/"]),
        ("let a = try! /,/", ["let", "a", "=", "try", "!", "/…/"]),
        ("let a = 1 > /,/.regex.hashValue", ["let", "a", "=", "1", ">", "/…/", ".", "regex", ".", "hashValue"]),
        ("let e = s.contains(/,/) ? /,/ : /;/", ["let", "e", "=", "s", ".", "contains", "(", "/…/", ")", "?", "/…/", ":", "/…/"]),
        ("let g = { (t: String) in /,/ }", ["let", "g", "=", "{", "(", "t", ":", "String", ")", "in", "/…/", "}"]),
        ("case /,/: break", ["case", "/…/", ":", "break"]),
        ("let v = a\n/x/.firstMatch(in: a)", ["let", "v", "=", "a", "/…/", ".", "firstMatch", "(", "in", ":", "a", ")"]),
        (#"let r = /a\/b/ ; let u = /a(b)/"#, ["let", "r", "=", "/…/", ";", "let", "u", "=", "/…/"]),
    ])
    func aBareRegexLiteralIsOneToken(source: String, tokens: [String]) throws {
        #expect(try texts(source) == tokens)
    }

    /// A `/` after an operand and before a space or a closing bracket, the first `/` of
    /// `/=`, and a `/` inside an operator are operators, as the compiler reads them, even with
    /// another `/` later on the line.
    @Test(arguments: [
        ("a /= b / 2", ["a", "/", "=", "b", "/", "2"]),
        ("t[0] /= 2 ; u = [/=/]", ["t", "[", "0", "]", "/", "=", "2", ";", "u", "=", "[", "/…/", "]"]),
        ("a = a / b / 1", ["a", "=", "a", "/", "b", "/", "1"]),
        ("let q = [2, 2].reduce(64, /) / 4", ["let", "q", "=", "[", "2", ",", "2", "]", ".", "reduce", "(", "64", ",", "/", ")", "/", "4"]),
        ("let v = a\n    / 2 / 1", ["let", "v", "=", "a", "/", "2", "/", "1"]),
        ("let y = x! / 2 / 1", ["let", "y", "=", "x", "!", "/", "2", "/", "1"]),
        ("let z = x!/2/1", ["let", "z", "=", "x", "!", "/", "2", "/", "1"]),
        ("let d = (a) / 2 / 1", ["let", "d", "=", "(", "a", ")", "/", "2", "/", "1"]),
        ("let b = a /* c */ / 2 / 1", ["let", "b", "=", "a", "/", "2", "/", "1"]),
        (#"f("api" </> "v1", 6 </> 2)"#, ["f", "(", "\"…\"", "<", "/", ">", "\"…\"", ",", "6", "<", "/", ">", "2", ")"]),
        ("infix operator </>: P", ["infix", "operator", "<", "/", ">", ":", "P"]),
        ("func </> (l: Int, r: Int) -> Int { l / r }", ["func", "<", "/", ">", "(", "l", ":", "Int", ",", "r", ":", "Int", ")", "-", ">", "Int", "{", "l", "/", "r", "}"]),
    ])
    func aSlashOperatorIsNoRegexLiteral(source: String, tokens: [String]) throws {
        #expect(try texts(source) == tokens)
    }

    /// The hunter's module, whose doc comment and regex hold quotes, is read and included.
    @Test func aModuleAfterARegexThatStartsWithACommaIsIncluded() throws {
        let result = try UnusualValidCodeTests().plan(["MailWiring/Extra.swift": #"""
            import Core
            public import Wiring
            /// Splits a line of quoted CSV at each `,"`.
            func fields(of line: String) -> [Substring] {
                line.split(separator: /,"/)
            }
            public struct ExtraModule: Module {
                public static func configure(binder: Binder<Unscoped>) { binder.bind(Int.self).to { fields(of: #"a,"b"#).count } }
            }
            """#])
        #expect(result.problems == [])
        #expect(result.included == ["MailWiring.ExtraModule unscoped"])
    }

    /// Emoji and other scalars of Swift's identifier grammar are parts of a name, at its start
    /// too: both modules are included, under their whole names.
    @Test func aModuleNamedWithAnEmojiIsIncluded() throws {
        let result = try UnusualValidCodeTests().plan(["MailWiring/Emoji.swift": """
            public import Wiring
            public struct Count🔢Module: Module { public static func configure(binder: Binder<Unscoped>) { binder.bind(Int.self).to(value: 2) } }
            public struct 🔢Module: Module { public static func configure(binder: Binder<Unscoped>) {} }
            """])
        #expect(result.problems == [])
        #expect(result.included == ["MailWiring.Count🔢Module unscoped", "MailWiring.🔢Module unscoped"])
    }

    /// Identifier characters follow Swift's grammar, not Unicode's letters: operator
    /// characters are operators, `ⸯ` too, which Unicode calls alphabetic, and `✅`, an emoji
    /// that Swift counts among operator characters; combining marks and `·` continue a name.
    @Test func unicodeOperatorCharactersAreNoIdentifiers() throws {
        #expect(try texts("let c = a⊕b ⊕ x̃ü") == ["let", "c", "=", "a", "⊕", "b", "⊕", "x̃ü"])
        #expect(try texts("let d = aⸯb ⸯ a✅b") == ["let", "d", "=", "a", "ⸯ", "b", "ⸯ", "a", "✅", "b"])
        #expect(try texts("let 🔢a = b·c") == ["let", "🔢a", "=", "b·c"])
    }

    /// A carriage return alone, or before a line feed, ends a line as a line feed does: the
    /// unfinished bind is reported at its line and column.
    @Test(arguments: ["\r", "\r\n"])
    func aLineEndsAtACarriageReturn(lineEnd: String) throws {
        let source = """
            import Mail
            public import Wiring
            // The bindings of Mail.
            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self)
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
            """.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineEnd)
        let problems = try GraphCheckTests().check(["MailWiring": ["MailWiring/MailModule.swift": source]])
        #expect(problems == [
            "MailWiring/MailModule.swift:6:16: error: LinkedWiring: binder.bind(Outbox.self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Outbox.self).to(factory: ...) or .to(value: ...), or delete it.",
        ])
    }

    /// A `//` comment and an `#if` condition end at a carriage return, with or without a line
    /// feed after it; a multi-line string counts its carriage returns as lines.
    @Test func commentsAndConditionsEndAtACarriageReturn() throws {
        let lexer = try Lexer(text: "// a comment\r\nlet a = \"\"\"\r\rb\r\"\"\"\r#if DEBUG\rlet x = 1", file: "Lib/CR.swift")
        #expect(lexer.comments == [LineComment(text: "// a comment", line: 1, followsCode: false)])
        #expect(lexer.tokens.map { "\($0.text)\($0.condition) \($0.line):\($0.column)" } == [
            "let 2:1", "a 2:5", "= 2:7", "\"…\" 2:9", "ifDEBUG 6:1", "let 7:1", "x 7:5", "= 7:7", "1 7:9",
        ])
    }

    /// A one-line string ends at a carriage return, as the compiler says: unterminated.
    @Test func aOneLineStringEndsAtACarriageReturn() {
        #expect(throws: SourceProblem(
            file: "Lib/CR.swift", line: 1, column: 9, message: "this literal never ends; the rest of the file cannot be scanned"
        )) {
            try Lexer(text: "let s = \"open\rlet c = 1\"", file: "Lib/CR.swift")
        }
    }

    /// The plan of a module under `#if` and the condition `condition`.
    func planUnder(_ condition: String) throws -> [String] {
        let file = try FileScanner.scan(text: """
            public import Wiring
            \(condition)
            public struct ExtraModule: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            #endif
            """, path: "MailWiring/Extra.swift")
        let (plan, problems) = ModuleCatalog.plan(library: "MailWiring", files: [file])
        return plan.included.map { "\($0.reference) \($0.conditions)" } + plan.warnings.map(\.description) + problems.map(\.description)
    }

    /// A block comment on an `#if` line is no part of its condition: `#if DEBUG /* … */`
    /// includes the module as `#if DEBUG` does, whether the comment nests or spans lines.
    @Test(arguments: [
        "#if DEBUG /* a debug build only */",
        "#if DEBUG/* a /* nested */ comment */",
        "#if DEBUG /* a debug\n   build only */",
        "#if /* a debug build only */ DEBUG // and a line comment",
    ])
    func aBlockCommentOnAnIfLineIsNoFlag(condition: String) throws {
        let plain = try planUnder("#if DEBUG")
        #expect(plain == [#"MailWiring.ExtraModule ["DEBUG"]"#])
        #expect(try planUnder(condition) == plain)
    }

    /// A block comment in the middle of a condition stands for a space.
    @Test func aBlockCommentInAConditionIsASpace() throws {
        #expect(try planUnder("#if os(Linux) /* x */ || os(macOS)") == [#"MailWiring.ExtraModule ["os(Linux) || os(macOS)"]"#])
        #expect(try planUnder("#if os(Linux)/* x */||/* y */os(macOS)") == [#"MailWiring.ExtraModule ["os(Linux) || os(macOS)"]"#])
    }

    /// The line after an `#if` whose comment spans lines has its own number.
    @Test func aCommentThatSpansLinesOnAnIfLineKeepsTheLinesAfterIt() throws {
        let tokens = try Lexer(text: "#if DEBUG /* a\n b */\nlet x = 1", file: "Lib/If.swift").tokens
        #expect(tokens.map { "\($0.text)\($0.condition) \($0.line):\($0.column)" } == ["ifDEBUG 1:1", "let 3:1", "x 3:5", "= 3:7", "1 3:9"])
    }
}
