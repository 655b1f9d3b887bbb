@testable import LinkedWiringScanner
import Testing

/// A module declared more than once, in the branches of an `#if`: `LinkedWiring` includes it
/// under each branch that declares it, never only under the first, and at most once.
struct ModuleCatalogBranchTests {
    /// The plan for one library's files, scanned in path order.
    func plan(_ files: [String: String], library: String = "CoreWiring") throws -> LinkedWiringPlan {
        let (plan, problems) = try catalogPlan(files, library: library)
        #expect(problems == [])
        return plan
    }

    /// `#if os(macOS)` … `#else` …: on Linux the second declaration is the module, so it is
    /// included under the `#else` branch's condition as well as under the `#if`'s.
    @Test func aModuleDeclaredUnderIfAndElseIsIncludedUnderBothBranches() throws {
        let plan = try plan(["CoreWiring/PlatformModule.swift": """
            public import Wiring
            #if os(macOS)
            public struct PlatformModule: Module { public static func configure(binder: Binder<Unscoped>) { binder.bind(Int.self).to(value: 1) } }
            #else
            public struct PlatformModule: Module { public static func configure(binder: Binder<Unscoped>) { binder.bind(Int.self).to(value: 2) } }
            #endif
            """])
        #expect(plan.included == [
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.PlatformModule", scope: .unscoped, conditions: ["os(macOS)"], availability: [], imports: []),
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.PlatformModule", scope: .unscoped, conditions: ["!(os(macOS))"], availability: [], imports: []),
        ])
        #expect(plan.leftOut == [])
        #expect(plan.warnings == [])
    }

    /// `#if DEBUG` fake, `#elseif os(Linux)` one, `#else` the real one: each branch's full
    /// condition, in the order of the branches.
    @Test func aModuleDeclaredUnderIfElseifAndElseIsIncludedUnderEachBranch() throws {
        let plan = try plan(["CoreWiring/StoreModule.swift": """
            public import Wiring
            #if DEBUG
            public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #elseif os(Linux)
            public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #else
            public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            """])
        #expect(plan.included.map(\.conditions) == [["DEBUG"], ["!(DEBUG) && (os(Linux))"], ["!(DEBUG) && !(os(Linux))"]])
        #expect(plan.included.map(\.reference) == Array(repeating: "CoreWiring.StoreModule", count: 3))
    }

    /// An `#if` inside an `#if`: each declaration keeps every condition it is under.
    @Test func aModuleDeclaredUnderNestedIfsIsIncludedUnderEachPath() throws {
        let plan = try plan(["CoreWiring/StoreModule.swift": """
            public import Wiring
            public enum Stores {
                #if os(Linux)
                #if DEBUG
                public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
                #else
                public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
                #endif
                #else
                public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
                #endif
            }
            """])
        #expect(plan.included.map(\.conditions) == [["os(Linux)", "DEBUG"], ["os(Linux)", "!(DEBUG)"], ["!(os(Linux))"]])
        #expect(plan.included.map(\.reference) == Array(repeating: "CoreWiring.Stores.StoreModule", count: 3))
    }

    /// The branches may declare the module in two files, and with two scopes: each declaration
    /// is included with its own scope.
    @Test func eachDeclarationOfAModuleKeepsItsOwnScope() throws {
        let plan = try plan([
            "CoreWiring/A.swift": """
                public import Wiring
                #if os(macOS)
                public struct ClockModule: Module { public static func configure(binder: Binder<Singleton>) {} }
                #endif
                """,
            "CoreWiring/B.swift": """
                public import Wiring
                #if os(Linux)
                public struct ClockModule: PrivateModule { public static func configure(binder: Binder<Unscoped>) {} }
                #endif
                """,
        ])
        #expect(plan.included.map { "\($0.reference) \($0.scope) \($0.conditions)" } == [
            #"CoreWiring.ClockModule singleton ["os(macOS)"]"#,
            #"CoreWiring.ClockModule unscoped ["os(Linux)"]"#,
        ])
    }

    /// A branch whose declaration is not public is left out under that branch, with the
    /// warning that names it; the public branch is still included.
    @Test func aBranchWhoseDeclarationIsNotPublicIsLeftOutWithAWarning() throws {
        let plan = try plan(["CoreWiring/StoreModule.swift": """
            public import Wiring
            #if DEBUG
            public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #else
            struct StoreModule: Module { static func configure(binder: Binder<Unscoped>) {} }
            #endif
            """])
        #expect(plan.included.map { "\($0.reference) \($0.conditions)" } == [#"CoreWiring.StoreModule ["DEBUG"]"#])
        #expect(plan.leftOut == [LeftOutModule(name: "CoreWiring.StoreModule", location: "CoreWiring/StoreModule.swift:5", reason: "it is not public")])
        #expect(plan.warnings.map(\.description) == [
            "CoreWiring/StoreModule.swift:5:1: warning: LinkedWiring: the module CoreWiring.StoreModule is left out of LinkedWiring because it is internal (no access level is written), and LinkedWiring includes only public modules. To fix this, make it public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself.",
        ])
    }

    /// Two branches under a flag of the target's own are left out with one warning, not two.
    @Test func branchesUnderAFlagOfTheTargetsOwnGetOneWarning() throws {
        let plan = try plan(["CoreWiring/StoreModule.swift": """
            public import Wiring
            #if FAKE_STORE
            public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #else
            public struct StoreModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            """])
        #expect(plan.included == [])
        #expect(plan.leftOut.map(\.location) == ["CoreWiring/StoreModule.swift:3", "CoreWiring/StoreModule.swift:5"])
        #expect(plan.warnings.map(\.line) == [3])
    }

    /// The generated file includes a module of several branches in one `#if` … `#elseif` chain,
    /// so that it is included once even where two of the conditions hold; a declaration outside
    /// every `#if` is the chain's `#else`.
    @Test func theGeneratedFileIncludesAModuleOfSeveralBranchesOnce() {
        var plan = LinkedWiringPlan()
        plan.included = [
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.AModule", scope: .unscoped, conditions: [], availability: [], imports: []),
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.StoreModule", scope: .unscoped, conditions: ["DEBUG"], availability: [], imports: []),
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.StoreModule", scope: .unscoped, conditions: [], availability: ["macOS 15"], imports: []),
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.StoreModule", scope: .singleton, conditions: ["!(DEBUG)", "os(Linux)"], availability: [], imports: []),
            IncludedModule(library: "CoreWiring", reference: "CoreWiring.ZModule", scope: .unscoped, conditions: ["os(Linux)"], availability: [], imports: []),
        ]
        #expect(LinkedWiringGeneration.render(plan, target: "App") == """
            // Generated by the LinkedWiring plugin for the target App: do not edit.
            //
            // LinkedWiring includes every public module of the wiring libraries the target links whose
            // scope is Unscoped or Singleton; see "Composing roots from linked libraries" in Wiring's
            // documentation.

            import CoreWiring
            import Wiring

            /// The modules of every wiring library this target links. A root component includes it:
            /// `binder.include(module: LinkedWiring.self)`.
            struct LinkedWiring: Wiring.Module {
                typealias Scope = Wiring.Singleton

                static func configure(binder: Wiring.Binder<Wiring.Singleton>) {
                    binder.include(module: CoreWiring.AModule.self)
                    #if DEBUG
                    binder.include(module: CoreWiring.StoreModule.self)
                    #elseif (!(DEBUG)) && (os(Linux))
                    binder.include(module: CoreWiring.StoreModule.self)
                    #else
                    if #available(macOS 15, *) {
                        binder.include(module: CoreWiring.StoreModule.self)
                    }
                    #endif
                    #if os(Linux)
                    binder.include(module: CoreWiring.ZModule.self)
                    #endif
                }
            }

            """)
    }
}
