@testable import LinkedWiringScanner
import Testing

/// The roots a test target's generated tests validate, and the file that validates them.
struct RootTestGenerationTests {
    func scan(_ modules: [String: [String: String]]) throws -> (roots: [FoundRoot], warnings: [String]) {
        var scanned: [(module: String, files: [ScannedFile])] = []
        var tokens: [String: [[Token]]] = [:]
        for (module, files) in modules.sorted(by: { $0.key < $1.key }) {
            let sorted = files.sorted { $0.key < $1.key }
            scanned.append((module, try sorted.map { try FileScanner.scan(text: $0.value, path: $0.key) }))
            tokens[module] = try sorted.map { try Lexer(text: $0.value, file: $0.key).tokens }
        }
        let (roots, warnings) = RootTestGeneration.roots(in: scanned, tokens: tokens)
        return (roots, warnings.map(\.description))
    }

    func roots(_ modules: [String: [String: String]]) throws -> [FoundRoot] {
        try scan(modules).roots
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
            FoundRoot(module: "App", name: "App.AppRoot", reference: "App.AppRoot", isPublic: false, conditions: []),
            FoundRoot(module: "App", name: "App.DebugRoot", reference: "App.DebugRoot", isPublic: false, conditions: ["DEBUG"]),
            FoundRoot(module: "App", name: "App.PublicRoot", reference: "App.PublicRoot", isPublic: true, conditions: []),
            FoundRoot(module: "App", name: "App.Roots.Nested", reference: "App.Roots.Nested", isPublic: false, conditions: []),
            FoundRoot(module: "Lib", name: "Lib.LaterRoot", reference: "Lib.LaterRoot", isPublic: true, conditions: []),
        ])
    }

    /// In a target that declares a type named like itself (the `@main struct MyApp` of a target
    /// `MyApp`), `MyApp.AppRoot` would be a member of that type: the test names the root with a
    /// module selector, as `LinkedWiring.swift` names such a library's modules.
    @Test func aRootOfATargetThatDeclaresItsOwnNameIsNamedWithAModuleSelector() throws {
        let found = try roots(["MyApp": ["MyApp/MyApp.swift": """
            import Wiring

            @main
            struct MyApp {
                static func main() {}
            }
            struct AppRoot: RootComponent {}
            """]])
        #expect(found == [FoundRoot(module: "MyApp", name: "MyApp.AppRoot", reference: "MyApp::AppRoot", isPublic: false, conditions: [])])
    }

    /// A root nested in an extension of a type of another scanned module is a member of that
    /// type: the test names it through that module, and imports it.
    @Test func aRootInAnExtensionOfAnotherModulesTypeIsNamedThroughThatModule() throws {
        let found = try roots([
            "Core": ["Core/Core.swift": "public struct Service: Sendable {}"],
            "MyApp": ["MyApp/Nested.swift": """
                import Wiring
                import Core

                extension Service {
                    struct Component: RootComponent {}
                }
                """],
        ])
        #expect(found == [FoundRoot(
            module: "MyApp", name: "MyApp.Service.Component", reference: "Core.Service.Component", isPublic: false, conditions: [],
            imports: ["Core"]
        )])
    }

    /// A root nested in an extension of a type that no scanned module declares is written as the
    /// extension writes it, with the imports of its file.
    @Test func aRootInAnExtensionOfAnUnscannedTypeIsNamedAsItsFileNamesIt() throws {
        let found = try roots(["MyApp": ["MyApp/Nested.swift": """
            import Wiring
            import Outside

            extension Service {
                struct Component: RootComponent {}
            }
            """]])
        #expect(found == [FoundRoot(
            module: "MyApp", name: "MyApp.Service.Component", reference: "Service.Component", isPublic: false, conditions: [],
            imports: ["Wiring", "Outside"]
        )])
    }

    /// A root under an `#if` of a flag its target may define for itself gets no test, which the
    /// test target could not compile (`#if !STAGING`) or would silently skip (`#if STAGING`),
    /// and a warning that names it and says how to test it.
    @Test func aRootUnderAFlagOfItsTargetsOwnGetsAWarningInsteadOfATest() throws {
        let result = try scan(["MyApp": ["MyApp/Roots.swift": """
            import Wiring

            #if !STAGING
            struct ProdRoot: RootComponent {}
            #else
            struct StagingRoot: RootComponent {}
            #endif
            #if os(Linux) || DEBUG
            struct SharedRoot: RootComponent {}
            #endif
            """]])
        #expect(result.roots == [
            FoundRoot(module: "MyApp", name: "MyApp.SharedRoot", reference: "MyApp.SharedRoot", isPublic: false, conditions: ["os(Linux) || DEBUG"]),
        ])
        #expect(result.warnings == [
            "MyApp/Roots.swift:4:1: warning: LinkedWiring: the root component MyApp.ProdRoot gets no generated test "
                + "because it is under an #if of `STAGING`, a flag of its target's own, and the test target may not share "
                + "it. To test it, validate it in a test of a target built with the same swiftSettings, with "
                + "ComponentFactory.of(_:) or expectValidGraph from WiringTesting, or declare it under a condition that "
                + "every target shares (os(…), canImport(…), DEBUG).",
            "MyApp/Roots.swift:6:1: warning: LinkedWiring: the root component MyApp.StagingRoot gets no generated test "
                + "because it is under an #if of `STAGING`, a flag of its target's own, and the test target may not share "
                + "it. To test it, validate it in a test of a target built with the same swiftSettings, with "
                + "ComponentFactory.of(_:) or expectValidGraph from WiringTesting, or declare it under a condition that "
                + "every target shares (os(…), canImport(…), DEBUG).",
        ])
    }

    /// The conformance's own `#if` counts too: a root that conforms in an extension under a
    /// flag of its target's own gets the warning, at the extension, not a test.
    @Test func aConformanceUnderAFlagOfItsTargetsOwnGetsAWarningInsteadOfATest() throws {
        let result = try scan(["MyApp": ["MyApp/Roots.swift": """
            struct LateRoot {}
            #if swift(>=6)
            extension LateRoot: RootComponent {}
            #endif
            """]])
        #expect(result.roots == [])
        #expect(result.warnings == [
            "MyApp/Roots.swift:3:1: warning: LinkedWiring: the root component MyApp.LateRoot gets no generated test "
                + "because it is under an #if of `swift(>=6)`, which its target's own settings decide, and the test target "
                + "may not share it. To test it, validate it in a test of a target built with the same swiftSettings, with "
                + "ComponentFactory.of(_:) or expectValidGraph from WiringTesting, or declare it under a condition that "
                + "every target shares (os(…), canImport(…), DEBUG).",
        ])
    }

    /// A root that conforms in an extension under an `#if` gets its test under that `#if` too,
    /// where the conformance exists.
    @Test func aRootThatConformsUnderAnIfGetsItsTestUnderItToo() throws {
        let found = try roots(["Lib": ["Lib/Later.swift": """
            #if os(macOS)
            public struct LaterRoot {}
            #endif
            #if DEBUG
            extension LaterRoot: RootComponent {}
            #endif
            """]])
        #expect(found == [FoundRoot(module: "Lib", name: "Lib.LaterRoot", reference: "Lib.LaterRoot", isPublic: true, conditions: ["os(macOS)", "DEBUG"])])
    }

    /// A root nested in a generic type, directly or through an extension, cannot be named without
    /// type arguments: like a generic root, it gets no test.
    @Test func aRootNestedInAGenericTypeGetsNoTest() throws {
        let found = try roots(["MyApp": ["MyApp/Roots.swift": """
            struct Outer<T> {
                struct GenRoot: RootComponent {}
            }
            extension Outer {
                struct LaterRoot: RootComponent {}
            }
            struct Plain {
                struct Inner {}
            }
            extension Plain.Inner {
                struct PlainRoot: RootComponent {}
            }
            """]])
        #expect(found == [FoundRoot(module: "MyApp", name: "MyApp.Plain.Inner.PlainRoot", reference: "MyApp.Plain.Inner.PlainRoot", isPublic: false, conditions: [])])
    }

    /// A root that conforms through protocols of the scanned modules that refine `RootComponent`,
    /// one through another, gets a test; the protocols do not.
    @Test func aRootThroughAProtocolThatRefinesRootComponentGetsATest() throws {
        let found = try roots([
            "Core": ["Core/Roots.swift": "public protocol SharedRoot: Wiring.RootComponent where Scope == Singleton {}"],
            "MyApp": ["MyApp/Roots.swift": """
                protocol MainRootComponent: AppRootComponent {}
                protocol AppRootComponent: Core.SharedRoot {}
                struct RefinedRoot: MainRootComponent {}
                struct Other: Sendable {}
                """],
        ])
        #expect(found == [FoundRoot(module: "MyApp", name: "MyApp.RefinedRoot", reference: "MyApp.RefinedRoot", isPublic: false, conditions: [])])
    }

    /// A name means the module's own declaration first: a type that conforms to its module's
    /// plain protocol is no root, though another module has a protocol of that name that
    /// refines `RootComponent`.
    @Test func aProtocolOfTheRootsOwnModuleHidesAnotherModulesOfTheSameName() throws {
        let found = try roots([
            "Core": ["Core/Roots.swift": "public protocol Shared: RootComponent {}"],
            "MyApp": ["MyApp/Roots.swift": """
                protocol Shared {}
                struct NotARoot: Shared {}
                """],
        ])
        #expect(found == [])
    }

    /// A root is validated with the sibling rule when a call of the sources surely asks `of` for
    /// it for that root, as the build-time check decides; a root whose call takes the rule away
    /// (`ValidationRules.all.subtracting(.siblingBindingsOnly)`) or that no such call names is
    /// validated with the default rules.
    @Test func aRootIsValidatedWithTheRulesItsOwnCallAsksFor() throws {
        let found = try roots(["MyApp": ["MyApp/main.swift": """
            import Wiring

            struct AppRoot: RootComponent {}
            struct StrictRoot: RootComponent {}
            struct QuietRoot: RootComponent {}
            _ = try ComponentFactory.of(AppRoot.self, rules: ValidationRules.all.subtracting(.siblingBindingsOnly))
            _ = try AsyncComponentFactory.of(MyApp.StrictRoot.self, rules: [.siblingBindingsOnly])
            _ = try ComponentFactory.of(QuietRoot.self)
            """]])
        #expect(found.map { "\($0.name) \($0.checksEveryRule)" } == ["MyApp.AppRoot false", "MyApp.QuietRoot false", "MyApp.StrictRoot true"])
    }

    /// The file imports each root's module (`@testable` for an internal root) and the modules
    /// its reference needs, puts each test under its root's conditions, and validates with the
    /// rules its root asks for.
    @Test func theFileImportsEachRootsModulesAndNamesEachRootWithItsRules() {
        let text = RootTestGeneration.render(
            roots: [
                FoundRoot(module: "App", name: "App.AppRoot", reference: "App::AppRoot", isPublic: false, conditions: [], checksEveryRule: true),
                FoundRoot(
                    module: "App", name: "App.Service.Component", reference: "Core.Service.Component", isPublic: false, conditions: [],
                    imports: ["Core", "Wiring"]
                ),
                FoundRoot(module: "Lib", name: "Lib.LaterRoot", reference: "Lib.LaterRoot", isPublic: true, conditions: ["DEBUG"]),
            ],
            paths: ["Lib/Later.swift": "/src/Lib/Later.swift"], target: "AppTests"
        )
        #expect(text.contains("""
            import Testing
            import Wiring
            @testable import App
            import Core
            import Lib

            @Testing::Suite("LinkedWiring: every root component validates")
            struct LinkedWiringRootTests {
                @Testing::Test("App.AppRoot validates") @_Concurrency::MainActor
                func root0() async {
                    await LinkedWiringRootValidation.validate(App::AppRoot.self, rules: .all)
                }
                @Testing::Test("App.Service.Component validates") @_Concurrency::MainActor
                func root1() async {
                    await LinkedWiringRootValidation.validate(Core.Service.Component.self)
                }
                #if (DEBUG)
                @Testing::Test("Lib.LaterRoot validates") @_Concurrency::MainActor
                func root2() async {
                    await LinkedWiringRootValidation.validate(Lib.LaterRoot.self)
                }
                #endif
            }
            """))
        #expect(text.contains("""
            enum LinkedWiringRootValidation {
                /// The path of each file a diagnostic may name, by `#fileID`.
                static let paths: [Swift::String: Swift::String] = [
                    "Lib/Later.swift": "/src/Lib/Later.swift",
                ]
            """))
    }

    /// Every name the generated file uses is written with a module selector (`Wiring::`,
    /// `Testing::`, `Swift::`, `_Concurrency::`): a type of the same name that the test target
    /// declares, or that the root's module declares and the file `@testable import`s (an app's
    /// `struct ValidationError`, a test target's `struct Issue`), is never the one it names, and
    /// neither is a type named `Wiring`.
    @Test func everyNameTheFileUsesIsWrittenWithItsModuleSelector() {
        let text = RootTestGeneration.render(
            roots: [FoundRoot(module: "App", name: "App.AppRoot", reference: "App.AppRoot", isPublic: false, conditions: [])],
            paths: ["App/App.swift": "/src/App/App.swift"], target: "AppTests"
        )
        let names = [
            "RootComponent", "ValidationRules", "ValidationError", "ComponentFactory", "MainActorComponentFactory",
            "AsyncComponentFactory", "Comment", "Issue", "SourceLocation", "Test", "Suite", "MainActor", "String", "Int", "Bool",
        ]
        let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.map { line in
            // Without string literals, whose words are no names.
            line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                .joined(separator: " ")
        }
        var unqualified: [String] = []
        for line in code {
            // Each identifier, with the text before it.
            var word = ""
            var before = ""
            for character in line + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                    continue
                }
                if names.contains(word), !before.hasSuffix("::"), !before.hasSuffix(".") { unqualified.append("\(word) in: \(line)") }
                before += word + String(character)
                word = ""
            }
        }
        #expect(unqualified == [])
        #expect(text.contains("""
                @Testing::Test("App.AppRoot validates") @_Concurrency::MainActor
                func root0() async {
            """))
        #expect(text.contains("""
                static let paths: [Swift::String: Swift::String] = [
                    "App/App.swift": "/src/App/App.swift",
                ]

                @_Concurrency::MainActor
                static func validate<C: Wiring::RootComponent>(
                    _ component: C.Type, rules: Wiring::ValidationRules = [], fileID: Swift::String = #fileID,
                    filePath: Swift::String = #filePath, line: Swift::Int = #line
                ) async {
                    var failure: Wiring::ValidationError
                    do throws(Wiring::ValidationError) {
                        _ = try Wiring::ComponentFactory.of(component, rules: rules)
                        return
                    } catch {
                        failure = error
                    }
                    if onlyEffects(failure) {
                        do throws(Wiring::ValidationError) {
                            _ = try Wiring::MainActorComponentFactory.of(component, rules: rules)
                            return
                        } catch {
                            failure = onlyEffects(error) ? failure : error
                        }
                        do throws(Wiring::ValidationError) {
                            _ = try Wiring::AsyncComponentFactory.of(component, rules: rules)
                            return
                        } catch {
                            failure = error
                        }
                    }
                    for diagnostic in failure.diagnostics {
                        let comment = Testing::Comment(rawValue: "\\(failure.componentName): \\(diagnostic.message)")
                        if let location = diagnostic.location, let path = paths[location.fileID] {
                            Testing::Issue.record(
                                comment, sourceLocation: Testing::SourceLocation(fileID: location.fileID, filePath: path, line: location.line, column: 1)
                            )
                        } else {
                            Testing::Issue.record(comment, sourceLocation: Testing::SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1))
                        }
                    }
                }

                /// Whether every diagnostic is an effect the next entry point may handle.
                static func onlyEffects(_ error: Wiring::ValidationError) -> Swift::Bool {
                    error.diagnostics.allSatisfy { $0.kind == .unhandledEffect }
                }
            """))
    }

    /// A test target whose dependencies have no file a diagnostic may name gets an empty
    /// dictionary literal, `[:]`, which compiles where an empty `[` `]` does not.
    @Test func noPathsIsAnEmptyDictionaryLiteral() {
        let text = RootTestGeneration.render(roots: [], paths: [:], target: "AppTests")
        #expect(text.contains("    static let paths: [Swift::String: Swift::String] = [:]\n\n"))
    }

    /// A file's path is written as a literal that reads back as the path, whatever it holds.
    @Test func aPathIsALiteralOfItselfWhateverItHolds() {
        #expect(RootTestGeneration.literal(#"/a "b" \(c) \ d"#) == #""/a \"b\" \\(c) \\ d""#)
        #expect(RootTestGeneration.literal("/line\nfeed\r\ttab\u{1}\u{7F}é") == #""/line\nfeed\r\ttab\u{1}\u{7f}é""#)
    }
}
