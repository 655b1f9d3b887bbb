@testable import LinkedWiringScanner
import Testing

/// The roots a test target's generated tests validate, and the file that validates them.
struct RootTestGenerationTests {
    func roots(_ modules: [String: [String: String]]) throws -> [FoundRoot] {
        var scanned: [(module: String, files: [ScannedFile])] = []
        for (module, files) in modules.sorted(by: { $0.key < $1.key }) {
            scanned.append((module, try files.sorted { $0.key < $1.key }.map { try FileScanner.scan(text: $0.value, path: $0.key) }))
        }
        return RootTestGeneration.roots(in: scanned)
    }

    @Test func everyRootATestCanNameGetsATestAndTheOthersDoNot() throws {
        let found = try roots([
            "App": ["App/Root.swift": """
                import Wiring

                struct AppRoot: RootComponent {}
                public struct PublicRoot: Wiring.RootComponent {}
                private struct HiddenRoot: RootComponent {}
                struct GenericRoot<T>: RootComponent {}
                @available(macOS 99, *)
                struct FutureRoot: RootComponent {}
                #if DEBUG
                struct DebugRoot: RootComponent {}
                #endif
                enum Roots {
                    struct Nested: Cleanse.RootComponent {}
                }
                struct NotARoot: Module {}
                """],
            "Lib": ["Lib/Later.swift": """
                public struct LaterRoot {}
                extension LaterRoot: RootComponent {}
                """],
        ])
        #expect(found == [
            FoundRoot(module: "App", reference: "App.AppRoot", isPublic: false, conditions: []),
            FoundRoot(module: "App", reference: "App.DebugRoot", isPublic: false, conditions: ["DEBUG"]),
            FoundRoot(module: "App", reference: "App.PublicRoot", isPublic: true, conditions: []),
            FoundRoot(module: "App", reference: "App.Roots.Nested", isPublic: false, conditions: []),
            FoundRoot(module: "Lib", reference: "Lib.LaterRoot", isPublic: true, conditions: []),
        ])
    }

    @Test func theRulesFollowTheSourcesAndTheFileNamesEachRoot() throws {
        let every = try Lexer(text: "let f = try AsyncComponentFactory.of(Root.self, rules: .all)", file: "a").tokens
        let none = try Lexer(text: "let f = try ComponentFactory.of(Root.self)", file: "b").tokens
        #expect(RootTestGeneration.usesEveryRule([none, every]))
        #expect(!RootTestGeneration.usesEveryRule([none]))

        let text = RootTestGeneration.render(
            roots: [
                FoundRoot(module: "App", reference: "App.AppRoot", isPublic: false, conditions: []),
                FoundRoot(module: "Lib", reference: "Lib.LaterRoot", isPublic: true, conditions: ["DEBUG"]),
            ],
            paths: ["Lib/Later.swift": "/src/Lib/Later.swift"], everyRule: false, target: "AppTests"
        )
        #expect(text.contains("""
            import Testing
            import Wiring
            @testable import App
            import Lib

            @Suite("LinkedWiring: every root component validates")
            struct LinkedWiringRootTests {
                @Test("App.AppRoot validates") @MainActor
                func root0() async {
                    await LinkedWiringRootValidation.validate(App.AppRoot.self)
                }
                #if (DEBUG)
                @Test("Lib.LaterRoot validates") @MainActor
                func root1() async {
                    await LinkedWiringRootValidation.validate(Lib.LaterRoot.self)
                }
                #endif
            }
            """))
        #expect(text.contains("""
                static let rules: ValidationRules = []

                /// The path of each file a diagnostic may name, by `#fileID`.
                static let paths: [String: String] = [
                    "Lib/Later.swift": "/src/Lib/Later.swift",
                ]
            """))
    }

    /// A file's path is written as a literal that reads back as the path, whatever it holds.
    @Test func aPathIsALiteralOfItselfWhateverItHolds() {
        #expect(RootTestGeneration.literal(#"/a "b" \(c) \ d"#) == #""/a \"b\" \\(c) \\ d""#)
        #expect(RootTestGeneration.literal("/line\nfeed\r\ttab\u{1}\u{7F}é") == #""/line\nfeed\r\ttab\u{1}\u{7f}é""#)
    }
}
