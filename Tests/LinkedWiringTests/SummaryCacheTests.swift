import Foundation
@testable import LinkedWiringScanner
import Testing

/// The generator keeps what each file of a core or wiring library holds between runs, one cache
/// file per library, keyed by the file's date and size: an unchanged file is not read again, a
/// changed one is, and a cache it cannot read or write changes no answer.
struct SummaryCacheTests {
    /// A core library `Storage` with one file, a wiring library `StoreWiring` that binds its
    /// `Store`, and a cache folder, in a temporary folder.
    struct Package {
        let folder: URL
        let core: String
        let library: String
        let cache: String

        static let coreText = "public struct Store { public init() {} }\n"
        static let libraryText = """
            import Storage
            public import Wiring

            public struct StoreModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Store.self).to(factory: Store.init)
                }
            }

            """

        init() throws {
            folder = FileManager.default.temporaryDirectory.appending(path: "linked-wiring-cache-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            core = folder.appending(path: "Store.swift").path
            library = folder.appending(path: "StoreModule.swift").path
            cache = folder.appending(path: "LinkedWiringCache").path
            try Data(Self.coreText.utf8).write(to: URL(fileURLWithPath: core))
            try Data(Self.libraryText.utf8).write(to: URL(fileURLWithPath: library))
        }

        func generate(cache: String?) -> GenerationResult {
            LinkedWiringGeneration.generate(
                libraries: [WiringLibrarySources(module: "StoreWiring", files: [library], dependencies: ["Storage"])],
                core: [WiringLibrarySources(module: "Storage", files: [core])], app: [], cache: cache
            )
        }

        func generate() -> GenerationResult { generate(cache: cache) }

        /// Replaces a file's text with text of the same size and keeps its date, as an edit the
        /// cache cannot see would; returns the date.
        @discardableResult
        func replaceKeepingDate(_ path: String, with text: String) throws -> Date {
            let date = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            try #require(text.utf8.count == size)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
            return date
        }

        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The plan the package's generation gives, read without a cache.
    static func expectedPlan(_ package: Package) -> GenerationResult {
        package.generate(cache: nil)
    }

    @Test func anUnchangedCoreFileIsNotReadAgainAndAChangedOneIs() throws {
        let package = try Package()
        defer { package.remove() }
        #expect(package.generate().problems == [])
        let written = try String(contentsOfFile: package.cache + "/Storage.core", encoding: .utf8)
        #expect(written.hasPrefix("LinkedWiring cache 1 core\n[{"))

        // The same size and date: the cache answers, and the file, now unreadable, is not read.
        let date = try package.replaceKeepingDate(package.core, with: "public struct Store { \"unterminated abc}\n")
        #expect(package.generate().problems == [])

        // A new date: the file is read again, and its problem is a warning naming it.
        try FileManager.default.setAttributes([.modificationDate: date.addingTimeInterval(2)], ofItemAtPath: package.core)
        #expect(package.generate().problems == [SourceProblem(
            file: package.core, line: 1, column: 23, severity: .warning,
            message: "the graph checks cannot read this file, so they say nothing of what it declares: this literal never ends; the rest of the file cannot be scanned"
        )])
    }

    @Test func anUnchangedWiringFileIsNotScannedAgainAndAChangedOneIs() throws {
        let package = try Package()
        defer { package.remove() }
        let fresh = package.generate()
        #expect(fresh.problems == [])
        #expect(fresh.plan?.included.map(\.reference) == ["StoreWiring.StoreModule"])
        let written = try String(contentsOfFile: package.cache + "/StoreWiring.wiring", encoding: .utf8)
        #expect(written.hasPrefix("LinkedWiring cache 1 wiring\n[{"))

        // The same size and date: the cache answers with the scan and the reading of the body.
        let broken = Package.libraryText.replacingOccurrences(of: "Store.self).to(", with: "Store.self)\"to(")
        let date = try package.replaceKeepingDate(package.library, with: broken)
        #expect(package.generate() == fresh)

        // A new date: the file is scanned again, and its problem fails the build.
        try FileManager.default.setAttributes([.modificationDate: date.addingTimeInterval(2)], ofItemAtPath: package.library)
        #expect(package.generate() == GenerationResult(plan: nil, problems: [SourceProblem(
            file: package.library, line: 6, column: 32, message: "this literal never ends; the rest of the file cannot be scanned"
        )]))
    }

    @Test func aRunThatReadsNothingAnewWritesNoCache() throws {
        let package = try Package()
        defer { package.remove() }
        _ = package.generate()
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for file in ["Storage.core", "StoreWiring.wiring"] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: package.cache + "/" + file)
        }
        _ = package.generate()
        for file in ["Storage.core", "StoreWiring.wiring"] {
            #expect(try FileManager.default.attributesOfItem(atPath: package.cache + "/" + file)[.modificationDate] as? Date == old)
        }
    }

    @Test(arguments: ["", "LinkedWiring cache 1 core\n", "LinkedWiring cache 1 core\n[{\"path\": 3}]", "not a cache\u{0}\u{FF}"])
    func aCorruptCacheIsReadAsEmptyAndWrittenAgain(contents: String) throws {
        let package = try Package()
        defer { package.remove() }
        let expected = Self.expectedPlan(package)
        _ = package.generate()
        for file in ["Storage.core", "StoreWiring.wiring"] {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: package.cache + "/" + file))
        }
        #expect(package.generate() == expected)
        #expect(try String(contentsOfFile: package.cache + "/Storage.core", encoding: .utf8).hasPrefix("LinkedWiring cache 1 core\n[{"))
        #expect(try String(contentsOfFile: package.cache + "/StoreWiring.wiring", encoding: .utf8).hasPrefix("LinkedWiring cache 1 wiring\n[{"))
    }

    @Test func aCacheThatCannotBeWrittenChangesNoAnswer() throws {
        let package = try Package()
        defer { package.remove() }
        let expected = Self.expectedPlan(package)
        // A file where the cache folder should be: the folder cannot be made, nor a file in it.
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: package.cache))
        #expect(package.generate() == expected)
        #expect(package.generate() == expected)
        #expect(try String(contentsOfFile: package.cache, encoding: .utf8) == "a file\n")

        // A cache file that is a folder: it can be neither read nor replaced.
        try FileManager.default.removeItem(atPath: package.cache)
        try FileManager.default.createDirectory(atPath: package.cache + "/Storage.core", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: package.cache + "/StoreWiring.wiring", withIntermediateDirectories: true)
        #expect(package.generate() == expected)
        #expect(package.generate() == expected)
    }
}
