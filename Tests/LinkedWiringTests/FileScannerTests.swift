@testable import LinkedWiringScanner
import Testing

/// The textual scan of one file: what it reads as a declaration, and what it refuses.
struct FileScannerTests {
    @Test func aModuleWithAttributesAndAMultiLineInheritanceClauseIsRead() throws {
        let file = try FileScanner.scan(text: """
            import Network
            @preconcurrency import Foundation
            public import Wiring

            /// Binds the network.
            @available(macOS 15, *)
            @MainActor
            public final class BankModule:
                Wiring.Module,
                @unchecked Sendable
            {
                public static func configure(binder: Wiring.Binder<Singleton>) {}
            }
            """, path: "NetworkWiring/BankModule.swift")
        #expect(file.imports == ["Network", "Foundation", "Wiring"])
        try #require(file.types.count == 1)
        let module = file.types[0]
        #expect(module.kind == .class)
        #expect(module.name == "BankModule")
        #expect(module.access == "public")
        #expect(module.attributes == ["available(macOS 15, *)", "MainActor"])
        #expect(module.inheritance == ["Wiring.Module", "Sendable"])
        #expect(module.configureBinder?.type == "Wiring.Binder<Singleton>")
        #expect(module.configureBinder?.line == 12)
        #expect(module.line == 6)
        #expect(module.column == 1)
    }

    @Test func declarationsInLiteralsCommentsAndFunctionBodiesAreNotRead() throws {
        let file = try FileScanner.scan(text: #"""
            let a = "public struct A: Module {"
            let b = #"public struct B: Module { \"#
            let c = """
                public struct C: Module {
                """
            let d = "\(["public struct D: Module {"].count) \("}")"
            /* public struct E: Module { /* nested */ } */
            // public struct F: Module {
            func g() {
                struct G: Module {
                    static func configure(binder: Binder<Unscoped>) {}
                }
            }
            func h(_ class: Int, _ struct: String) {}
            public struct Real: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    let text = "}"
                    _ = text
                }
            }
            """#, path: "Lib/Traps.swift")
        #expect(file.types.map(\.name) == ["Real"])
    }

    /// A raw string whose quotes look like a multi-line delimiter (`#"""#` is the string `"`)
    /// is one literal on its line, as the compiler reads it; a real multi-line raw string is not.
    @Test func rawStringsThatLookLikeMultiLineDelimitersEndOnTheirLine() throws {
        let file = try FileScanner.scan(text: ##"""
            let t = #"""
                public struct Hidden: Module {
                """#
            let q = #"""#
            let r = #""""#
            let s = ##"a"#"b"##
            public struct Real: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """##, path: "Lib/Raw.swift")
        #expect(file.types.map(\.name) == ["Real"])
        #expect(file.types.map(\.line) == [7])
    }

    @Test func nestingExtensionsAndScopeAliasesAreRecorded() throws {
        let file = try FileScanner.scan(text: """
            public enum Wirings {
                public struct Session: Module {
                    public typealias Scope = SessionScope
                    public static func configure(binder: Binder<Scope>) {}
                }
            }
            extension Outer.Inner<Int>: Wiring.Module where Element: Sendable {}
            """, path: "Lib/Nested.swift")
        #expect(file.types.map(\.name) == ["Wirings", "Session", "Outer.Inner<Int>"])
        #expect(file.types[1].parent == 0)
        #expect(file.types[1].scopeAlias?.type == "SessionScope")
        #expect(file.types[1].configureBinder?.type == "Binder<Scope>")
        #expect(file.types[2].kind == .extension)
        #expect(file.types[2].inheritance == ["Wiring.Module"])
    }

    @Test func conditionalDeclarationsCarryTheirConditions() throws {
        let file = try FileScanner.scan(text: """
            #if os(Linux)
            public struct A: Module {}
            #elseif DEBUG // a comment
            public struct B: Module {}
            #else
            public struct C: Module {}
            #endif
            """, path: "Lib/Conditions.swift")
        #expect(file.types.map(\.conditions) == [["os(Linux)"], ["!(os(Linux)) && (DEBUG)"], ["!(os(Linux)) && !(DEBUG)"]])
    }

    @Test func theExcludeMarkerMayStandAmongTheCommentsAbove() throws {
        let file = try FileScanner.scan(text: """
            // linked-wiring: exclude — the session component includes it
            /// Session bindings.
            @available(macOS 15, *)
            public struct SessionModule: Module {}

            /// Not excluded.
            public struct RootModule: Module {}
            """, path: "Lib/Markers.swift")
        #expect(file.types.map(\.isExcluded) == [true, false])
    }

    @Test func anUnknownMarkerIsAProblemOnItsLine() {
        #expect(throws: SourceProblem(
            file: "Lib/Typo.swift", line: 2,
            message: "unknown marker `// linked-wiring: exlude`; the only marker is `// linked-wiring: exclude`, on the line above a module to leave out"
        )) {
            try FileScanner.scan(text: "\n// linked-wiring: exlude\npublic struct M: Module {}\n", path: "Lib/Typo.swift")
        }
    }

    @Test func aMarkerThatLeavesOutNothingIsAProblem() {
        #expect(throws: SourceProblem(
            file: "Lib/Loose.swift", line: 1,
            message: "this `// linked-wiring: exclude` is not on the lines right above a type declaration or extension, so it leaves out nothing; move it to the line above the module's declaration"
        )) {
            try FileScanner.scan(text: "// linked-wiring: exclude\n\npublic struct M: Module {}\n", path: "Lib/Loose.swift")
        }
    }

    @Test func textTheScanCannotFollowIsAProblemWhereItStarts() {
        #expect(throws: SourceProblem(
            file: "Lib/Open.swift", line: 2, column: 5,
            message: "this comment never ends (no */); the rest of the file cannot be scanned"
        )) {
            try FileScanner.scan(text: "let a = 1\nlet /* b = 2\n", path: "Lib/Open.swift")
        }
        #expect(throws: SourceProblem(
            file: "Lib/Open.swift", line: 1, column: 9,
            message: "this literal never ends; the rest of the file cannot be scanned"
        )) {
            try FileScanner.scan(text: "let a = \"open\nlet b = 2\n", path: "Lib/Open.swift")
        }
        #expect(throws: SourceProblem(
            file: "Lib/Open.swift", line: 1, column: 25,
            message: "this { is never closed; LinkedWiring cannot tell where the declarations after it belong"
        )) {
            try FileScanner.scan(text: "public struct M: Module { func f() {}\n", path: "Lib/Open.swift")
        }
        #expect(throws: SourceProblem(file: "Lib/Open.swift", line: 1, message: "this #if has no #endif")) {
            try FileScanner.scan(text: "#if DEBUG\npublic struct M: Module {}\n", path: "Lib/Open.swift")
        }
    }

    /// An instance method named `bind` in a type or an extension may be what `binder.bind(…)`
    /// calls; a `static` or `class` one, a free function or one in a function body is not.
    @Test func anInstanceMethodNamedBindIsRecorded() throws {
        let declares = { (text: String) throws in try FileScanner.scan(text: text, path: "MailWiring/Binder.swift").declaresBind }
        #expect(try declares("extension Binder {\n    @discardableResult func bind(_ type: Int.Type) -> Int { 3 }\n}"))
        #expect(try declares("protocol Binding {\n    mutating func bind(_ type: Int.Type)\n}"))
        #expect(try !declares("enum Parts {\n    static func bind(_ binder: Binder<Unscoped>) {}\n}\nclass Base {\n    class func bind() {}\n}"))
        #expect(try !declares("func bind(_ binder: Binder<Unscoped>) {}\nstruct S { func f() { func bind() {} } }"))
        #expect(try !declares("extension Binder {\n    func bindDefaults() {}\n}"))
    }
}
