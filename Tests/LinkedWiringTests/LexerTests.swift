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
}
