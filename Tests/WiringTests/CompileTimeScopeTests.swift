import Foundation
import Testing

/// Scope rules the type system enforces. Each test type-checks a snippet that breaks a rule
/// with `swiftc -typecheck` against the Wiring module this test run built, and expects it to be
/// rejected: swiftc exits with a failure, and reports errors only on the line that breaks the
/// rule, one of which names the API the line calls (`sharedInScope`, `include`). swiftc's wording
/// is not checked beyond that name, so a new compiler that words the error differently still
/// passes. Each test then type-checks the same snippet with the rule kept (one type changed),
/// which must compile without errors, so a broken set-up (no swiftc, no module, a snippet wrong
/// in some other way) cannot pass as a rejection.
@Suite(.serialized)
struct CompileTimeScopeTests {
    @Test func sharedInScopeOnAnUnscopedBinderDoesNotCompile() throws {
        try expectRejected("""
            import Wiring
            struct Clock {}
            struct ClockModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).sharedInScope().to(factory: Clock.init) // rejected
                }
            }
            """, mentioning: "sharedInScope", compilesWith: ("Binder<Unscoped>", "Binder<Singleton>"))
    }

    @Test func aScopedModuleCannotBeIncludedByAnUnscopedBinder() throws {
        try expectRejected("""
            import Wiring
            struct LedgerModule: Module {
                static func configure(binder: Binder<Singleton>) {}
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: LedgerModule.self) // rejected
                }
            }
            """, mentioning: "include", compilesWith: ("Binder<Unscoped>", "Binder<Singleton>"))
    }

    @Test func aScopedModuleCannotBeIncludedByABinderOfAnotherScope() throws {
        try expectRejected("""
            import Wiring
            struct SessionScope: Scope {}
            struct SessionModule: Module {
                static func configure(binder: Binder<SessionScope>) {}
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: SessionModule.self) // rejected
                }
            }
            """, mentioning: "include", compilesWith: ("Binder<Singleton>", "Binder<SessionScope>"))
    }

    /// Expects `source` not to compile because of its line marked `// rejected`, with an error
    /// there that mentions `symbol`, and `source` with `fix` applied to compile.
    ///
    /// - Parameters:
    ///   - fix: A text of `source` that occurs once, and what to put there to keep the rule.
    private func expectRejected(
        _ source: String, mentioning symbol: String, compilesWith fix: (broken: String, kept: String),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let marked = lines.indices.filter { lines[$0].hasSuffix("// rejected") }.map { $0 + 1 }
        try #require(marked.count == 1, "the snippet must mark one line `// rejected`", sourceLocation: sourceLocation)
        let rejectedLine = marked[0]

        let rejected = try SnippetTypecheck.run(source)
        #expect(rejected.status != 0, "swiftc accepted a snippet that breaks the rule", sourceLocation: sourceLocation)
        #expect(!rejected.errors.isEmpty, "swiftc reported no error:\n\(rejected.output)", sourceLocation: sourceLocation)
        let elsewhere = rejected.errors.filter { $0.line != rejectedLine }
        #expect(elsewhere.isEmpty, "errors off line \(rejectedLine):\n\(rejected.output)", sourceLocation: sourceLocation)
        let naming = rejected.errors.filter { $0.line == rejectedLine && $0.message.contains(symbol) }
        #expect(!naming.isEmpty, "no error on line \(rejectedLine) mentions \(symbol):\n\(rejected.output)", sourceLocation: sourceLocation)

        let occurrences = source.components(separatedBy: fix.broken).count - 1
        try #require(occurrences == 1, "\(fix.broken) occurs \(occurrences) times in the snippet", sourceLocation: sourceLocation)
        let kept = try SnippetTypecheck.run(source.replacingOccurrences(of: fix.broken, with: fix.kept))
        #expect(kept.status == 0 && kept.errors.isEmpty, "the snippet with the rule kept does not compile:\n\(kept.output)", sourceLocation: sourceLocation)
    }
}
