@testable import LinkedWiringScanner
import Testing

/// The shapes of conformance a module may take that name `Module` only through the library's
/// own declarations: a typealias of a composition, a protocol whose `where Self:` clause makes
/// its conformers modules; and the warning for a type that looks like a module through a name
/// the scan cannot follow.
struct ModuleCatalogConformanceTests {
    /// The included modules (reference and scope), the left-out ones (name and reason), the
    /// warnings and the problems of one library's file.
    func plan(_ text: String) throws -> (included: [String], leftOut: [String], warnings: [String], problems: [String]) {
        let (plan, problems) = try catalogPlan(["Lib/Modules.swift": text], library: "Lib")
        return (
            plan.included.map { "\($0.reference) \($0.scope)" }, plan.leftOut.map { "\($0.name): \($0.reason)" },
            plan.warnings.map(\.description), problems.map(\.description)
        )
    }

    /// A module that conforms to a typealias of a composition that holds a module protocol, as
    /// Swift spells one (bare, qualified, `PrivateModule`, a module protocol of the library),
    /// is a module, included with its scope.
    @Test(arguments: ["Module & Sendable", "Sendable & Wiring.Module", "Sendable & PrivateModule", "FeatureModule & Sendable"])
    func aTypealiasOfACompositionWithAModuleProtocolIsFollowed(composition: String) throws {
        let result = try plan("""
            public import Wiring

            public protocol FeatureModule: Module {}
            public typealias SendableModule = \(composition)

            public struct A16: SendableModule {
                public static func configure(binder: Binder<Singleton>) {}
            }
            """)
        #expect(result.problems == [])
        #expect(result.warnings == [])
        #expect(result.included == ["Lib.A16 singleton"])
    }

    /// A module that takes its scope from a protocol of the library that fixes it, reached
    /// through a typealias of a composition or of the protocol alone, has that scope (it was
    /// read as Unscoped).
    @Test(arguments: ["Sendable & SessionModule", "SessionModule"])
    func aTypealiasPassesOnTheScopeItsProtocolFixes(target: String) throws {
        let result = try plan("""
            public import Wiring

            public protocol SessionModule: Module where Scope == Singleton {}
            public typealias SendableSessionModule = \(target)

            public struct Session: SendableSessionModule {
                public static func configure(binder: Binder<Self.Scope>) {}
            }
            """)
        #expect(result.problems == [])
        #expect(result.warnings == [])
        #expect(result.included == ["Lib.Session singleton"])
    }

    /// A typealias of a composition the scan cannot follow surely (under `#if`) leaves out what
    /// conforms to it, as before, but no longer unsaid: the type declares a module's
    /// `configure`, so a warning names it.
    @Test func aTypealiasOfACompositionUnderAnIfIsNotFollowed() throws {
        let result = try plan("""
            public import Wiring

            #if DEBUG
            public typealias SendableModule = Module & Sendable
            #endif

            public struct A16: SendableModule {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """)
        #expect(result.problems == [])
        #expect(result.included == [])
        #expect(result.warnings == [Self.looksLikeAModule(line: 7, name: "Lib.A16", conformance: "SendableModule")])
    }

    /// A protocol that states `where Self: Module` (or a module protocol in a composition, or
    /// after another constraint, or besides an inherited `AnyObject`) makes its conformers
    /// modules, as inheriting `Module` does.
    @Test(arguments: [
        "WhereModule where Self: Module",
        "WhereModule where Self: Wiring.Module",
        "WhereModule where Self: Sendable & Module",
        "WhereModule: AnyObject where Self: Module",
        "WhereModule where Self: Sendable, Self: Module",
    ])
    func aProtocolWhoseWhereClauseSaysSelfIsAModuleMakesModules(declaration: String) throws {
        let result = try plan("""
            public import Wiring

            public protocol \(declaration) {}

            public final class B2: WhereModule {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """)
        #expect(result.problems == [])
        #expect(result.warnings == [])
        #expect(result.included == ["Lib.B2 unscoped"])
    }

    /// A constrained extension, `extension P where Self: Module`, does not make every
    /// conformer of `P` a module: a type that conforms to `P` alone, with no `configure`, is no
    /// module and gets no word.
    @Test func anExtensionWhereSelfIsAModuleMakesNoModules() throws {
        let result = try plan("""
            public import Wiring

            public protocol Named {}
            extension Named where Self: Module {
                public static var name: String { "" }
            }

            public struct Plain: Named {}
            """)
        #expect(result.problems == [])
        #expect(result.warnings == [])
        #expect(result.included == [])
        #expect(result.leftOut == [])
    }

    /// A public type that declares a module's `configure` and conforms to a protocol the scan
    /// cannot follow (one of another library that may refine `Module`) gets a warning at its
    /// declaration rather than being left out unsaid.
    @Test func aTypeWithAModulesConfigureThroughAnUnknownProtocolIsAWarning() throws {
        let result = try plan("""
            public import Wiring
            import OtherWiring

            public struct Borrowed: OtherWiring.FeatureModule, Sendable {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """)
        #expect(result.problems == [])
        #expect(result.included == [])
        #expect(result.leftOut == [])
        #expect(result.warnings == [Self.looksLikeAModule(line: 4, name: "Lib.Borrowed", conformance: "OtherWiring.FeatureModule")])
    }

    /// No warning for a type with such a `configure` that is surely no module: one that
    /// conforms to nothing, to `Sendable` only, or to a protocol of the library that is no
    /// module; one that is not public or generic; or one marked `// linked-wiring: exclude`.
    @Test func aTypeWithAConfigureThatIsSurelyNoModuleGetsNoWarning() throws {
        let result = try plan("""
            public import Wiring
            import OtherWiring

            public protocol Part {}
            public enum Helpers {
                public static func configure(binder: Binder<Singleton>) {}
            }
            public struct SendableHelpers: @unchecked Sendable {
                public static func configure(binder: Binder<Singleton>) {}
            }
            public struct PartHelpers: Part, Sendable {
                public static func configure(binder: Binder<Singleton>) {}
            }
            struct Hidden: OtherWiring.FeatureModule {
                static func configure(binder: Binder<Unscoped>) {}
            }
            public struct Generic<T>: OtherWiring.FeatureModule {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            // linked-wiring: exclude
            public struct Excluded: OtherWiring.FeatureModule {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """)
        #expect(result.problems == [])
        #expect(result.included == [])
        #expect(result.warnings == [])
    }

    /// The warning for a type at `line` of `Lib/Modules.swift` that looks like a module.
    static func looksLikeAModule(line: Int, name: String, conformance: String) -> String {
        "Lib/Modules.swift:\(line):1: warning: LinkedWiring: \(name) declares static func configure(binder:) like a module, but "
            + "LinkedWiring cannot tell whether it is one: it conforms to \(conformance), which LinkedWiring cannot follow to Module "
            + "(a protocol of another library, or a typealias declared more than once, under #if, or generic). So it is not included. "
            + "If it is a module, conform it to Module (or to a module protocol or typealias declared once in Lib) so that LinkedWiring "
            + "includes it, or mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself."
    }
}
