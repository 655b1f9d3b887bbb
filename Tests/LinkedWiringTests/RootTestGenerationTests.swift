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

            @Suite("LinkedWiring: every root component validates")
            struct LinkedWiringRootTests {
                @Test("App.AppRoot validates") @MainActor
                func root0() async {
                    await LinkedWiringRootValidation.validate(App::AppRoot.self, rules: .all)
                }
                @Test("App.Service.Component validates") @MainActor
                func root1() async {
                    await LinkedWiringRootValidation.validate(Core.Service.Component.self)
                }
                #if (DEBUG)
                @Test("Lib.LaterRoot validates") @MainActor
                func root2() async {
                    await LinkedWiringRootValidation.validate(Lib.LaterRoot.self)
                }
                #endif
            }
            """))
        #expect(text.contains("""
            enum LinkedWiringRootValidation {
                /// The path of each file a diagnostic may name, by `#fileID`.
                static let paths: [String: String] = [
                    "Lib/Later.swift": "/src/Lib/Later.swift",
                ]

                @MainActor
                static func validate<C: RootComponent>(
                    _ component: C.Type, rules: ValidationRules = [], fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
                ) async {
            """))
    }

    /// A file's path is written as a literal that reads back as the path, whatever it holds.
    @Test func aPathIsALiteralOfItselfWhateverItHolds() {
        #expect(RootTestGeneration.literal(#"/a "b" \(c) \ d"#) == #""/a \"b\" \\(c) \\ d""#)
        #expect(RootTestGeneration.literal("/line\nfeed\r\ttab\u{1}\u{7F}é") == #""/line\nfeed\r\ttab\u{1}\u{7f}é""#)
    }
}
