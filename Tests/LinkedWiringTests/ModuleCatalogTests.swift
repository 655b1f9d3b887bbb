import Foundation
@testable import LinkedWiringScanner
import Testing

/// Which modules of a library `LinkedWiring` includes, which it leaves out and why, and which
/// declarations fail the build.
struct ModuleCatalogTests {
    @Test func aPrivateModuleIsAModuleTheLinkedWiringIncludes() throws {
        let plan = try makePlan([
            "Lib/Private.swift": """
                public struct Boundary: PrivateModule {
                    public static func configure(binder: Binder<Singleton>) {}
                }
                public struct Qualified: Wiring.PrivateModule {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                """,
        ])
        #expect(plan.included.map(\.reference) == ["Lib.Boundary", "Lib.Qualified"])
        #expect(plan.included.map(\.scope) == [.singleton, .unscoped])
        #expect(plan.leftOut == [])
    }

    @Test func everySpellingOfAConformanceMakesAModule() throws {
        let plan = try makePlan([
            "Lib/Spellings.swift": """
                public struct Plain: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                public struct Qualified: Wiring.Module {
                    public static func configure(binder: Wiring.UnscopedBinder) {}
                }
                public struct FromCleanse: Cleanse.Module {
                    public static func configure(binder: Cleanse.Binder<Cleanse.Singleton>) {}
                }
                public struct Scoped: ScopedModule {
                    public typealias Scope = Singleton
                    public static func configure(binder: Binder<Scope>) {}
                }
                public enum Later {}
                """,
            "Lib/Extensions.swift": """
                extension Later: Module {
                    public static func configure(binder: Binder<Singleton>) {}
                }
                public protocol FeatureModule: Module {}
                public struct Feature: FeatureModule {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                open class BaseModule: Module {
                    open class func configure(binder: Binder<Singleton>) {}
                }
                public final class DerivedModule: BaseModule {}
                """,
        ])
        #expect(plan.included.map(\.reference) == [
            "Lib.BaseModule", "Lib.DerivedModule", "Lib.Feature", "Lib.FromCleanse", "Lib.Later", "Lib.Plain", "Lib.Qualified", "Lib.Scoped",
        ])
        #expect(plan.included.map(\.scope) == [.singleton, .singleton, .unscoped, .singleton, .singleton, .unscoped, .unscoped, .singleton])
        #expect(plan.leftOut == [])
    }

    @Test func modulesTheRootCannotOrShouldNotIncludeAreLeftOutWithTheReason() throws {
        let plan = try makePlan([
            "Lib/LeftOut.swift": """
                public struct SessionScope: Scope {}
                public struct Session: Module {
                    public static func configure(binder: Binder<SessionScope>) {}
                }
                public struct Typed<Element>: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                struct Hidden: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
                enum Namespace {
                    public struct Nested: Module {
                        public static func configure(binder: Binder<Unscoped>) {}
                    }
                }
                // linked-wiring: exclude
                public struct Excluded: Module {
                    public static func configure(binder: WeirdBinder) {}
                }
                @available(*, deprecated, message: "use Plain")
                public struct Old: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                @_spi(Testing) public struct Private: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                package struct ForThePackage: Module {
                    package static func configure(binder: Binder<Unscoped>) {}
                }
                """,
        ])
        #expect(plan.included == [])
        #expect(plan.leftOut == [
            LeftOutModule(name: "Lib.Excluded", location: "Lib/LeftOut.swift:17", reason: "it is marked // linked-wiring: exclude"),
            LeftOutModule(name: "Lib.ForThePackage", location: "Lib/LeftOut.swift:27", reason: "it is not public"),
            LeftOutModule(name: "Lib.Hidden", location: "Lib/LeftOut.swift:8", reason: "it is not public"),
            LeftOutModule(name: "Lib.Namespace.Nested", location: "Lib/LeftOut.swift:12", reason: "Namespace is not public"),
            LeftOutModule(name: "Lib.Old", location: "Lib/LeftOut.swift:20", reason: "it is deprecated"),
            LeftOutModule(name: "Lib.Private", location: "Lib/LeftOut.swift:24", reason: "it is SPI"),
            LeftOutModule(name: "Lib.Session", location: "Lib/LeftOut.swift:2", reason: "its scope is SessionScope: include it in the subcomponent of that scope"),
            LeftOutModule(name: "Lib.Typed", location: "Lib/LeftOut.swift:5", reason: "it is generic; include it yourself with its type arguments"),
        ])
    }

    @Test func aModuleLeftOutOnlyForItsAccessLevelIsAWarningAtItsDeclaration() throws {
        let folder = try makeFiles([:])
        let plan = try makePlan([
            "Lib/Access.swift": """
                struct Hidden: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
                internal enum Namespace {
                    public struct Nested: Module {
                        public static func configure(binder: Binder<Singleton>) {}
                    }
                }
                  package struct ForThePackage: Module {
                    package static func configure(binder: Binder<Unscoped>) {}
                }
                // linked-wiring: exclude
                struct ByHand: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
                private struct Secret: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
                fileprivate extension Namespace {
                    struct InPrivateExtension: Module {
                        static func configure(binder: Binder<Unscoped>) {}
                    }
                }
                struct SessionScope: Scope {}
                struct Session: Module {
                    static func configure(binder: Binder<SessionScope>) {}
                }
                struct Typed<Element>: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
                struct Later {}
                extension Later: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
                """,
        ], in: folder)
        let file = folder + "/Lib/Access.swift"
        #expect(plan.included == [])
        #expect(plan.leftOut.map(\.name) == [
            "Lib.ByHand", "Lib.ForThePackage", "Lib.Hidden", "Lib.Later", "Lib.Namespace.InPrivateExtension", "Lib.Namespace.Nested",
            "Lib.Secret", "Lib.Session", "Lib.Typed",
        ])
        #expect(plan.warnings.map(\.description) == [
            "\(file):9:3: warning: LinkedWiring: the module Lib.ForThePackage is left out of LinkedWiring because it is package, and LinkedWiring includes only public modules. To fix this, make it public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself.",
            "\(file):1:1: warning: LinkedWiring: the module Lib.Hidden is left out of LinkedWiring because it is internal (no access level is written), and LinkedWiring includes only public modules. To fix this, make it public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself.",
            "\(file):31:1: warning: LinkedWiring: the module Lib.Later is left out of LinkedWiring because it is internal (no access level is written), and LinkedWiring includes only public modules. To fix this, make it public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself.",
            "\(file):5:5: warning: LinkedWiring: the module Lib.Namespace.Nested is left out of LinkedWiring because Namespace, which it is nested in, is internal, and LinkedWiring includes only public modules. To fix this, make Namespace and the module public, or, if it is meant to be included by hand, mark it `// linked-wiring: exclude` on the line above its declaration and include it yourself.",
        ])
    }

    @Test func nestedConditionalAndAvailableModulesKeepWhatTheirDeclarationSays() throws {
        let plan = try makePlan([
            "Lib/Nested.swift": """
                import Bank
                public extension Account {
                    struct Module: Cleanse.Module {
                        static func configure(binder: Binder<Unscoped>) {}
                    }
                }
                public enum Wirings {
                    #if os(Linux)
                    @available(macOS, introduced: 15.0)
                    public struct Linux: Module {
                        public static func configure(binder: Binder<Unscoped>) {}
                    }
                    #endif
                }
                public struct Lib: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                """,
        ])
        #expect(plan.included == [
            IncludedModule(library: "Lib", reference: "Account.Module", scope: .unscoped, conditions: [], availability: [], imports: ["Bank"]),
            IncludedModule(library: "Lib", reference: "Lib::Lib", scope: .unscoped, conditions: [], availability: [], imports: []),
            IncludedModule(library: "Lib", reference: "Lib::Wirings.Linux", scope: .unscoped, conditions: ["os(Linux)"], availability: ["macOS 15.0"], imports: []),
        ])
    }

    /// A module unavailable on one platform exists on the others: it is included wherever the
    /// platform is not that one.
    @Test func aModuleUnavailableOnOnePlatformIsIncludedOnTheOthers() throws {
        let plan = try makePlan([
            "Lib/Platforms.swift": """
                @available(iOS, unavailable)
                @available(macCatalyst, unavailable)
                public struct DesktopOnly: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                @available(*, unavailable)
                public struct Nowhere: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                @available(iOSApplicationExtension, unavailable)
                public struct NotInExtensions: Module {
                    public static func configure(binder: Binder<Unscoped>) {}
                }
                """,
        ])
        #expect(plan.included == [
            IncludedModule(
                library: "Lib", reference: "Lib.DesktopOnly", scope: .unscoped,
                conditions: ["!os(iOS)", "!targetEnvironment(macCatalyst)"], availability: [], imports: []
            ),
        ])
        #expect(plan.leftOut.map(\.reason) == ["it is unavailable", "it is unavailable"])
    }

    @Test func aModuleWhoseScopeCannotBeToldIsAProblemOnItsLine() throws {
        let folder = try makeFiles([:])
        #expect(throws: GenerationFailure(problems: [
            SourceProblem(
                file: folder + "/Lib/Weird.swift", line: 5, column: 1,
                message: "cannot find `static func configure(binder:)` or `typealias Scope` of the module Lib.Bare in Lib's sources, so it cannot tell whether the module fits the root; declare them in the module's body or in an extension in Lib, or mark the module `// linked-wiring: exclude` and include it yourself"
            ),
            SourceProblem(
                file: folder + "/Lib/Weird.swift", line: 3,
                message: "cannot tell the scope of the module Lib.Weird from `configure(binder: SessionBinder)`; spell it Binder<Unscoped>, Binder<Singleton> or Binder<SomeScope> (or typealias Scope = one of them), or mark the module `// linked-wiring: exclude` and include it yourself"
            ),
        ])) {
            try makePlan([
                "Lib/Weird.swift": """
                    public typealias SessionBinder = Binder<Singleton>
                    public struct Weird: Module {
                        public static func configure(binder: SessionBinder) {}
                    }
                    public struct Bare: Module {}
                    """,
            ], in: folder)
        }
    }

    @Test func aFileThatCannotBeReadIsAProblemNamingIt() throws {
        let missing = FileManager.default.temporaryDirectory.appending(path: "linked-wiring-\(UUID().uuidString)/Missing.swift").path
        #expect(throws: SourceProblem(
            file: missing, line: nil,
            message: "cannot read this file: it does not exist; LinkedWiring reads every file of a linked wiring library"
        )) {
            try LinkedWiringGeneration.readSource(missing)
        }
        let folder = try makeFiles([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: SourceProblem(
            file: folder, line: nil,
            message: "cannot read this file: permission denied or not a regular file; LinkedWiring reads every file of a linked wiring library"
        )) {
            try LinkedWiringGeneration.readSource(folder)
        }
        let latin1 = folder + "/Latin1.swift"
        try Data("let a = 1\nlet caf".utf8 + [0xE9] + Data(" = 2\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        #expect(throws: SourceProblem(file: latin1, line: 2, column: 8, message: "cannot read this file: it is not UTF-8 text (byte 17)")) {
            try LinkedWiringGeneration.readSource(latin1)
        }
        #expect(SourceProblem(file: latin1, line: 2, column: 8, message: "m").description == "\(latin1):2:8: error: LinkedWiring: m")
        #expect(SourceProblem(file: latin1, line: nil, message: "m").description == "\(latin1): error: LinkedWiring: m")
    }

    @Test func theGeneratedFileIncludesTheModulesInOrderAndListsTheOthers() {
        var plan = LinkedWiringPlan()
        plan.included = [
            IncludedModule(library: "BankWiring", reference: "BankWiring.BankModule", scope: .singleton, conditions: [], availability: [], imports: []),
            IncludedModule(library: "BankWiring", reference: "Account.Module", scope: .unscoped, conditions: ["DEBUG", "os(Linux)"], availability: ["macOS 15"], imports: ["Bank"]),
        ]
        plan.leftOut = [LeftOutModule(name: "BankWiring.Session", location: "BankWiring/Session.swift:4", reason: "its scope is SessionScope: include it in the subcomponent of that scope")]
        #expect(LinkedWiringGeneration.render(plan, target: "App") == """
            // Generated by the LinkedWiring plugin for the target App: do not edit.
            //
            // LinkedWiring includes every public module of the wiring libraries the target links whose
            // scope is Unscoped or Singleton; see "Composing roots from linked libraries" in Wiring's
            // documentation.
            //
            // Left out:
            //   BankWiring.Session (BankWiring/Session.swift:4): its scope is SessionScope: include it in the subcomponent of that scope

            import Bank
            import BankWiring
            import Wiring

            /// The modules of every wiring library this target links. A root component includes it:
            /// `binder.include(module: LinkedWiring.self)`.
            struct LinkedWiring: Wiring.Module {
                typealias Scope = Wiring.Singleton

                static func configure(binder: Wiring.Binder<Wiring.Singleton>) {
                    binder.include(module: BankWiring.BankModule.self)
                    #if (DEBUG) && (os(Linux))
                    if #available(macOS 15, *) {
                        binder.include(module: Account.Module.self)
                    }
                    #endif
                }
            }

            """)
    }

    @Test func onALibraryTheGeneratedModuleIsPublic() {
        var plan = LinkedWiringPlan()
        plan.included = [
            IncludedModule(library: "BankWiring", reference: "BankWiring.BankModule", scope: .singleton, conditions: [], availability: [], imports: []),
        ]
        #expect(LinkedWiringGeneration.render(plan, target: "SharedRoot", isPublic: true) == """
            // Generated by the LinkedWiring plugin for the target SharedRoot: do not edit.
            //
            // LinkedWiring includes every public module of the wiring libraries the target links whose
            // scope is Unscoped or Singleton; see "Composing roots from linked libraries" in Wiring's
            // documentation.

            import BankWiring
            public import Wiring

            /// The modules of every wiring library this target links. A root component includes it:
            /// `binder.include(module: LinkedWiring.self)`.
            public struct LinkedWiring: Wiring.Module {
                public typealias Scope = Wiring.Singleton

                public static func configure(binder: Wiring.Binder<Wiring.Singleton>) {
                    binder.include(module: BankWiring.BankModule.self)
                }
            }

            """)
    }

    // MARK: - Helpers

    /// Writes `files` (paths `Library/File.swift`) under a new folder and returns it.
    private func makeFiles(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linked-wiring-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// The plan for `files` (paths `Library/File.swift`), written under `folder`.
    @discardableResult
    private func makePlan(_ files: [String: String], in folder: String? = nil) throws -> LinkedWiringPlan {
        let folder = try folder ?? makeFiles([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var libraries: [String: [String]] = [:]
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            libraries[String(path.prefix { $0 != "/" }), default: []].append(url.path)
        }
        return try LinkedWiringGeneration.plan(for: libraries.map { WiringLibrarySources(module: $0.key, files: $0.value) })
    }
}
