@testable import LinkedWiringScanner
import Testing

/// Which `#if` conditions around a module `LinkedWiring` carries to the include, where the app's
/// target evaluates them, and which it cannot: those its target's own settings decide.
struct ModuleCatalogConditionTests {
    /// The plan for one file of `CoreWiring`.
    func plan(_ text: String) throws -> LinkedWiringPlan {
        let file = try FileScanner.scan(text: text, path: "CoreWiring/ClockModule.swift")
        let (plan, problems) = ModuleCatalog.plan(library: "CoreWiring", files: [file])
        #expect(problems == [])
        return plan
    }

    /// `swift(>=6)` tests the language mode of the target that compiles it: a wiring library in
    /// Swift 5 mode declares `LegacyClockModule`, which a Swift 6 app would leave out under
    /// `#if !(swift(>=6))`, and would include `ClockModule`, which does not exist. Both are left
    /// out, with a warning that says why.
    @Test func aModuleUnderALanguageModeCheckIsLeftOutWithAWarning() throws {
        let plan = try plan("""
            public import Wiring
            #if swift(>=6)
            public struct ClockModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #else
            public struct LegacyClockModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            """)
        #expect(plan.included == [])
        #expect(plan.leftOut.map { "\($0.name): \($0.reason)" } == [
            "CoreWiring.ClockModule: it is under an #if of `swift(>=6)`, which its target's own settings decide",
            "CoreWiring.LegacyClockModule: it is under an #if of `swift(>=6)`, which its target's own settings decide",
        ])
        #expect(plan.warnings.map(\.description) == [
            "CoreWiring/ClockModule.swift:3:1: warning: LinkedWiring: the module CoreWiring.ClockModule is left out of LinkedWiring because "
                + "it is under an #if of `swift(>=6)`, which its target's own settings decide (the flags it defines, its Swift language "
                + "mode, the features it enables), and the app's target may not share them. To fix this, include it yourself in a root "
                + "whose target has the same settings, or test a condition that every target shares (os(…), compiler(…), canImport(…), DEBUG).",
            "CoreWiring/ClockModule.swift:5:1: warning: LinkedWiring: the module CoreWiring.LegacyClockModule is left out of LinkedWiring because "
                + "it is under an #if of `swift(>=6)`, which its target's own settings decide (the flags it defines, its Swift language "
                + "mode, the features it enables), and the app's target may not share them. To fix this, include it yourself in a root "
                + "whose target has the same settings, or test a condition that every target shares (os(…), compiler(…), canImport(…), DEBUG).",
        ])
    }

    /// `hasFeature(…)` and `$Feature` test the features the target enables
    /// (`.enableUpcomingFeature("ExistentialAny")`): the module is left out, and the reason names
    /// the check as written, beside a flag of the target's own.
    @Test func aModuleUnderAFeatureCheckIsLeftOut() throws {
        let plan = try plan("""
            public import Wiring
            #if hasFeature(ExistentialAny)
            public struct AnyModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            #if $ExistentialAny && os(Linux)
            public struct DollarModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            #if !swift(<6) || FAST_CLOCK
            public struct MixedModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            """)
        #expect(plan.included == [])
        #expect(plan.leftOut.map { "\($0.name): \($0.reason)" } == [
            "CoreWiring.AnyModule: it is under an #if of `hasFeature(ExistentialAny)`, which its target's own settings decide",
            "CoreWiring.DollarModule: it is under an #if of `$ExistentialAny`, which its target's own settings decide",
            "CoreWiring.MixedModule: it is under an #if of `swift(<6)`, `FAST_CLOCK`, which its target's own settings decide",
        ])
        #expect(plan.warnings.map(\.line) == [3, 6, 9])
    }

    /// The platform, the compiler and what the build can import read the same in every target:
    /// a module under them is included under the same conditions.
    @Test func aModuleUnderBuildWideChecksIsIncludedUnderThem() throws {
        let plan = try plan("""
            public import Wiring
            #if compiler(>=6.0) && os(Linux) && arch(x86_64) && canImport(Glibc) && !targetEnvironment(simulator)
            #if _endian(little) && _pointerBitWidth(_64) && hasAttribute(preconcurrency) && DEBUG
            public struct ClockModule: Module { public static func configure(binder: Binder<Unscoped>) {} }
            #endif
            #endif
            """)
        #expect(plan.included.map(\.conditions) == [[
            "compiler(>=6.0) && os(Linux) && arch(x86_64) && canImport(Glibc) && !targetEnvironment(simulator)",
            "_endian(little) && _pointerBitWidth(_64) && hasAttribute(preconcurrency) && DEBUG",
        ]])
        #expect(plan.leftOut == [])
        #expect(plan.warnings == [])
    }
}
