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

        let rejected = try typecheck(source)
        #expect(rejected.status != 0, "swiftc accepted a snippet that breaks the rule", sourceLocation: sourceLocation)
        #expect(!rejected.errors.isEmpty, "swiftc reported no error:\n\(rejected.output)", sourceLocation: sourceLocation)
        let elsewhere = rejected.errors.filter { $0.line != rejectedLine }
        #expect(elsewhere.isEmpty, "errors off line \(rejectedLine):\n\(rejected.output)", sourceLocation: sourceLocation)
        let naming = rejected.errors.filter { $0.line == rejectedLine && $0.message.contains(symbol) }
        #expect(!naming.isEmpty, "no error on line \(rejectedLine) mentions \(symbol):\n\(rejected.output)", sourceLocation: sourceLocation)

        let occurrences = source.components(separatedBy: fix.broken).count - 1
        try #require(occurrences == 1, "\(fix.broken) occurs \(occurrences) times in the snippet", sourceLocation: sourceLocation)
        let kept = try typecheck(source.replacingOccurrences(of: fix.broken, with: fix.kept))
        #expect(kept.status == 0 && kept.errors.isEmpty, "the snippet with the rule kept does not compile:\n\(kept.output)", sourceLocation: sourceLocation)
    }

    /// What swiftc said about a snippet.
    private struct Typecheck {
        struct Error {
            /// The line of the snippet, from 1.
            let line: Int
            let message: String
        }

        let status: Int32
        let errors: [Error]
        /// Everything swiftc wrote to its standard error.
        let output: String
    }

    /// Type-checks `source` against the Wiring module this test run built.
    private func typecheck(_ source: String) throws -> Typecheck {
        let modules = try #require(Self.wiringModulesDirectory(), "the built Wiring.swiftmodule was not found")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wiring-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The C target of Wiring's atomics, which every module that imports Wiring loads, as
        // SwiftPM passes it to a dependent target.
        let atomics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CWiringAtomics/include")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-Xcc", "-I", "-Xcc", atomics.path, file.path,
        ]
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = Pipe()
        try process.run()
        let output = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // `<file>:<line>:<column>: error: <message>`
        let errors = output.split(separator: "\n").compactMap { line -> Typecheck.Error? in
            guard line.hasPrefix(file.path + ":"), let marker = line.range(of: ": error: ") else { return nil }
            let position = line[line.index(line.startIndex, offsetBy: file.path.count + 1)..<marker.lowerBound]
            guard let number = position.split(separator: ":").first.flatMap({ Int($0) }) else { return nil }
            return Typecheck.Error(line: number, message: String(line[marker.upperBound...]))
        }
        return Typecheck(status: process.terminationStatus, errors: errors, output: output)
    }

    private static func wiringModulesDirectory() -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent().appendingPathComponent("Modules")]
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/Modules"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Wiring.swiftmodule").path) }
    }
}
