import Foundation
import Testing

/// Scope rules the type system enforces: these snippets must not compile, and the error must
/// say why. Each test also compiles a correct snippet, so a broken set-up cannot pass.
@Suite(.serialized)
struct CompileTimeScopeTests {
    @Test func sharedInScopeOnAnUnscopedBinderDoesNotCompile() throws {
        let errors = try typecheck("""
            import Wiring
            struct Clock {}
            struct ClockModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).sharedInScope().to(factory: Clock.init)
                }
            }
            """)
        #expect(errors == [
            "referencing instance method 'sharedInScope()' on 'BindingBuilder' requires that 'Unscoped' conform to 'Scope'",
        ])
    }

    @Test func aScopedModuleCannotBeIncludedByAnUnscopedBinder() throws {
        let errors = try typecheck("""
            import Wiring
            struct LedgerModule: Module {
                static func configure(binder: Binder<Singleton>) {}
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: LedgerModule.self)
                }
            }
            """)
        #expect(errors == ["no exact matches in call to instance method 'include'"])
    }

    @Test func aScopedModuleCannotBeIncludedByABinderOfAnotherScope() throws {
        let errors = try typecheck("""
            import Wiring
            struct SessionScope: Scope {}
            struct SessionModule: Module {
                static func configure(binder: Binder<SessionScope>) {}
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: SessionModule.self)
                }
            }
            """)
        #expect(errors == ["no exact matches in call to instance method 'include'"])
    }

    @Test func theSameBindingsCompileInAScopedBinder() throws {
        let errors = try typecheck("""
            import Wiring
            struct Clock {}
            struct ClockModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.bind(Clock.self).sharedInScope().to(factory: Clock.init)
                }
            }
            struct AppModule: Module {
                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: ClockModule.self)
                }
            }
            """)
        #expect(errors == [])
    }

    /// Type-checks `source` against the Wiring module this test run built and returns the
    /// compiler's error messages.
    private func typecheck(_ source: String) throws -> [String] {
        let modules = try #require(Self.wiringModulesDirectory(), "the built Wiring.swiftmodule was not found")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wiring-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = Pipe()
        try process.run()
        let output = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(file.path), let range = line.range(of: ": error: ") else { return nil }
            return String(line[range.upperBound...])
        }
        #expect((process.terminationStatus == 0) == errors.isEmpty, "swiftc exited \(process.terminationStatus): \(output)")
        return errors
    }

    private static func wiringModulesDirectory() -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent().appendingPathComponent("Modules")]
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/Modules"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Wiring.swiftmodule").path) }
    }
}
