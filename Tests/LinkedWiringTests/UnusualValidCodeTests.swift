@testable import LinkedWiringScanner
import Testing

/// Valid code of unusual shapes, found by a hunt for false errors: the catalog includes its
/// modules, the scanner reads it, and the checks report nothing.
struct UnusualValidCodeTests {
    func plan(_ files: [String: String], library: String = "MailWiring") throws -> (included: [String], leftOut: [String], problems: [String]) {
        let (plan, problems) = try catalogPlan(files, library: library)
        return (plan.included.map { "\($0.reference) \($0.scope)" }, plan.leftOut.map { "\($0.name): \($0.reason)" }, problems.map(\.description))
    }

    func scanProblem(_ text: String) -> String? {
        do { _ = try FileScanner.scan(text: text, path: "MailWiring/MailModule.swift"); return nil } catch { return error.description }
    }

    @Test func aModuleSpelledWithWiringCleanseIsIncluded() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import WiringCleanse

            public struct MailModule: WiringCleanse.Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """])
        #expect(result.included == ["MailWiring.MailModule unscoped"])
    }

    @Test func aBinderSpelledWithWiringCleanseHasItsScope() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import WiringCleanse

            public struct MailModule: Cleanse.Module {
                public static func configure(binder: WiringCleanse.Binder<Unscoped>) {}
            }
            """])
        #expect(result.problems == [])
        #expect(result.included == ["MailWiring.MailModule unscoped"])
    }

    @Test func aScopeSpelledWithWiringCleanseIsThatScope() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import WiringCleanse

            public struct MailModule: Module {
                public static func configure(binder: Binder<WiringCleanse.Singleton>) {}
            }
            """])
        #expect(result.included == ["MailWiring.MailModule singleton"])
    }

    @Test func aModuleThroughACompositionIsIncluded() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            public struct MailModule: Sendable & Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """])
        #expect(result.included == ["MailWiring.MailModule unscoped"])
    }

    @Test func aModuleThroughATypealiasOfModuleIsIncluded() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            public typealias WiringModule = Wiring.Module

            public struct MailModule: WiringModule {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """])
        #expect(result.included == ["MailWiring.MailModule unscoped"])
    }

    @Test func aProtocolThatFixesTheScopeIsNotReadAsUnscoped() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            public struct SessionScope: Scope {}
            public protocol SessionModule: Module where Scope == SessionScope {}

            public struct MailModule: SessionModule {
                public static func configure(binder: Binder<Self.Scope>) {}
            }
            """])
        // SessionScope is neither Unscoped nor Singleton: left out (or an error), never included.
        #expect(result.included == [])
        #expect(result.leftOut == ["MailWiring.MailModule: its scope is SessionScope: include it in the subcomponent of that scope"])
    }

    @Test func aProtocolThatFixesTheSingletonScopeMakesItsModulesSingletons() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            public protocol AppModule: Module where Scope == Singleton {}

            public struct MailModule: AppModule {
                public static func configure(binder: Binder<Self.Scope>) {}
            }

            public struct PlainModule: Module {
                public static func configure(binder: Binder<Self.Scope>) {}
            }
            """])
        #expect(result.problems == [])
        #expect(result.included == ["MailWiring.MailModule singleton", "MailWiring.PlainModule unscoped"])
    }

    /// A flag that a target defines for itself (`.define("DEBUG_WIRING")`) may not be set in the
    /// app's target, where the include's `#if` is evaluated: the module is left out, with a
    /// warning. Conditions every target shares are carried to the include.
    @Test func aModuleUnderAFlagOfItsTargetsOwnIsLeftOutWithAWarning() throws {
        let file = try FileScanner.scan(text: """
            public import Wiring

            #if DEBUG_WIRING
            public struct DebugToolsModule: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            #endif

            #if os(Linux) && DEBUG || canImport(UIKit)
            public struct PlatformModule: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            #endif
            """, path: "MailWiring/MailModule.swift")
        let (plan, problems) = ModuleCatalog.plan(library: "MailWiring", files: [file])
        #expect(problems == [])
        #expect(plan.included.map { "\($0.reference) \($0.conditions)" } == [#"MailWiring.PlatformModule ["os(Linux) && DEBUG || canImport(UIKit)"]"#])
        #expect(plan.leftOut.map { "\($0.name): \($0.reason)" } == ["MailWiring.DebugToolsModule: it is under an #if of `DEBUG_WIRING`, a flag of its target's own"])
        #expect(plan.warnings.map(\.description) == [
            "MailWiring/MailModule.swift:4:1: warning: LinkedWiring: the module MailWiring.DebugToolsModule is left out of LinkedWiring because "
                + "it is under an #if of `DEBUG_WIRING`, a flag that its target may define for itself and the app's target may not share. "
                + "To fix this, include it yourself in a root where the flag is set, or test a condition that every target shares "
                + "(os(…), canImport(…), DEBUG).",
        ])
    }

    /// An internal module that a public one of the library includes reaches the root through it:
    /// no warning that it is left out. One that nothing includes still gets the warning.
    @Test func anInternalModuleThatAPublicOneIncludesGetsNoWarning() throws {
        let file = try FileScanner.scan(text: """
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: SignatureModule.self)
                }
            }

            struct SignatureModule: Module {
                static func configure(binder: Binder<Unscoped>) {}
            }

            struct ForgottenModule: Module {
                static func configure(binder: Binder<Unscoped>) {}
            }
            """, path: "MailWiring/MailModule.swift")
        let (plan, _) = ModuleCatalog.plan(library: "MailWiring", files: [file])
        #expect(plan.included.map(\.reference) == ["MailWiring.MailModule"])
        #expect(plan.warnings.map(\.line) == [13])
    }

    @Test func anOperatorWithASlashIsNotARegexLiteral() {
        let problem = scanProblem("""
            public import Wiring

            infix operator </>: AdditionPrecedence
            func </> (lhs: String, rhs: String) -> String { lhs + "/" + rhs }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(String.self).to(value: "api" </> "v1")
                }
            }
            """)
        #expect(problem == nil)
    }

    @Test func anOperatorWithASlashBesideDivisionIsNotARegexLiteral() {
        let problem = scanProblem("""
            public import Wiring

            infix operator </>: MultiplicationPrecedence
            func </> (lhs: Int, rhs: Int) -> Int { lhs / rhs }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Int.self).to(value: 6 </> 2)
                }
            }
            """)
        #expect(problem == nil)
    }

    /// An operator passed as a function, `reduce(64, /)`, is no regex literal, even with another
    /// `/` later on its line.
    @Test func anOperatorPassedAsAFunctionIsNotARegexLiteral() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            let quarter = [2, 2].reduce(64, /) / 4

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Int.self).to(value: [2].reduce(8, /) / 2)
                }
            }
            """])
        #expect(result.problems == [])
        #expect(result.included == ["MailWiring.MailModule unscoped"])
    }

    @Test func actorAsAPropertyNameIsNoDeclaration() {
        let problem = scanProblem("""
            public import Wiring

            public struct Credit: Sendable {
                public let actor: String
                public init(actor: String) { self.actor = actor }
            }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Credit.self).to(value: Credit(actor: "A"))
                }
            }
            """)
        #expect(problem == nil)
    }

    @Test func actorAsAnEnumCaseIsNoDeclaration() {
        let problem = scanProblem("""
            public import Wiring

            public enum Role: Sendable {
                case actor
                case director
            }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Role.self).to(value: .actor)
                }
            }
            """)
        #expect(problem == nil)
    }

    @Test func aKeywordAfterADotIsAMemberName() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            public enum Kind: Sendable { case `struct`, `class` }

            public struct MailModule: Module {
                static let kind: Kind = .struct
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Kind.self).to(value: kind)
                }
            }
            """])
        #expect(result.problems == [])
        #expect(result.included == ["MailWiring.MailModule unscoped"])
    }

    @Test func cleansesNestedModuleIdiomIsIncluded() throws {
        let source = """
        import Mail
        public import WiringCleanse

        extension Outbox {
            public struct Module: Cleanse.Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self).to(factory: Outbox.init)
                }
            }
        }
        extension SMTPMailer {
            public struct Module: Cleanse.Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
        }
        """
        let result = try plan(["MailWiring/MailModule.swift": source])
        #expect(result.problems == [])
        #expect(result.included == ["Outbox.Module unscoped", "SMTPMailer.Module unscoped"])
        let problems = try GraphCheckTests().check(["MailWiring": ["MailWiring/MailModule.swift": source]])
        #expect(problems == [])
    }

    @Test func oddButValidSyntaxSaysNothing() throws {
        let problems = try GraphCheckTests().check(["MailWiring": ["MailWiring/MailModule.swift": ###"""
            import Mail
            public import Wiring

            /* outer /* inner } { */ still a comment " */
            #sourceLocation(file: "Generated.swift", line: 100)
            #sourceLocation()
            #warning("remember")
            let note = """
                // linked-wiring: nothing
                #if DEBUG
                }
                """
            let raw = ##"""
                a """# is not the end, nor "}" \##(1 + 2)
                """##
            let `Type` = "t"
            let café = "c"

            public enum Namespace {}
            public extension Namespace {
                @MainActor struct Inner {}
                struct MailModule: @preconcurrency Module {
                    #if compiler(>=6)
                    nonisolated public static func configure(binder: Binder<Unscoped>) {
                        if #available(macOS 15, *) { _ = 1 }
                        binder.bind(Outbox.self).to(factory: Outbox.init)
                        binder.bind(SMTPMailer.self)
                            .to(factory: SMTPMailer.init)
                    }
                    #endif
                }
            }
            """###]])
        #expect(problems == [])
    }

    @Test func moduleClassesAndNestedModulesAreRead() throws {
        let result = try plan(["MailWiring/MailModule.swift": """
            public import Wiring

            open class BaseModule: Module {
                open class func configure(binder: Binder<Unscoped>) {}
            }
            public final class MailModule: BaseModule {
                override public class func configure(binder: Binder<Unscoped>) {}
            }
            public enum Modules {
                @MainActor public struct Nested: Module {
                    public static func configure(binder: Binder<Singleton>) {}
                }
            }
            """])
        #expect(result.problems == [])
    }

    /// A `configure(binder:)` whose parameter is plainly no binder (a dictionary, a tuple, an
    /// optional, a standard type, `some`/`any`) is a helper of the module's own, even before the
    /// real one: the scope comes from the `Binder<Singleton>` that follows it.
    @Test func aConfigureWhoseParameterIsNoBinderIsNotTheModules() throws {
        for helper in ["[String: String]", "(Int, Int)", "Binder<Unscoped>?", "String", "Swift.Int", "some Sequence", "Array<Int>"] {
            let result = try plan(["MailWiring/MailModule.swift": """
                public import Wiring

                public struct MailModule: Module {
                    /// A helper for tests, with a binder of another type.
                    static func configure(binder: \(helper)) { print(binder) }
                    public static func configure(binder: Binder<Singleton>) {}
                }
                """])
            #expect(result.problems == [], "\(helper)")
            #expect(result.included == ["MailWiring.MailModule singleton"], "\(helper)")
        }
    }
}
