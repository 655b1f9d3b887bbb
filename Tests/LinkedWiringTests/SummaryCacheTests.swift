import Foundation
@testable import LinkedWiringScanner
import Testing

/// The generator keeps what each core library file declares between runs, keyed by the file's
/// date and size: an unchanged file is not read again, a changed one is.
struct SummaryCacheTests {
    @Test func anUnchangedCoreFileIsNotReadAgainAndAChangedOneIs() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "linked-wiring-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let core = folder.appending(path: "Store.swift").path
        let library = folder.appending(path: "StoreModule.swift").path
        let cache = folder.appending(path: "LinkedWiring.summaries").path
        try Data("public struct Store { public init() {} }\n".utf8).write(to: URL(fileURLWithPath: core))
        try Data("""
            import Storage
            public import Wiring

            public struct StoreModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Store.self).to(factory: Store.init)
                }
            }

            """.utf8).write(to: URL(fileURLWithPath: library))
        func generate() -> GenerationResult {
            LinkedWiringGeneration.generate(
                libraries: [WiringLibrarySources(module: "StoreWiring", files: [library], dependencies: ["Storage"])],
                core: [WiringLibrarySources(module: "Storage", files: [core])], app: [], cache: cache
            )
        }
        #expect(generate().problems == [])
        #expect(try String(contentsOfFile: cache, encoding: .utf8).hasSuffix("\tStore:1:0\n"))

        // The same size and date: the cache answers, and the file, now unreadable, is not read.
        let date = try #require(try FileManager.default.attributesOfItem(atPath: core)[.modificationDate] as? Date)
        try Data("public struct Store { \"unterminated abc}\n".utf8).write(to: URL(fileURLWithPath: core))
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: core)
        #expect(generate().problems == [])

        // A new date: the file is read again, and its problem is a warning naming it.
        try FileManager.default.setAttributes([.modificationDate: date.addingTimeInterval(2)], ofItemAtPath: core)
        #expect(generate().problems == [SourceProblem(
            file: core, line: 1, column: 23, severity: .warning,
            message: "the graph checks cannot read this file, so they say nothing of what it declares: this literal never ends; the rest of the file cannot be scanned"
        )])
    }
}
