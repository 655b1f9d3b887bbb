import Foundation
@testable import LinkedWiringScanner
import Testing

/// The generator keeps what each file of a core or wiring library holds between runs, an entry
/// per file, keyed by the file's path, date and size: an unchanged file is not read again, a
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

        /// The paths of the cache's entries, whose names start with `prefix`.
        func entries(_ prefix: String = "") throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix(prefix) }.sorted().map { cache + "/" + $0 }
        }

        /// The text of the one entry whose name starts with `prefix`.
        func entry(_ prefix: String) throws -> String {
            let found = try entries(prefix)
            try #require(found.count == 1)
            return try String(contentsOfFile: found[0], encoding: .utf8)
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
        #expect(try package.entry("core-").hasPrefix("LinkedWiring cache 8 core\n{"))

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
        #expect(try package.entry("wiring-").hasPrefix("LinkedWiring cache 8 wiring\n{"))

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
        #expect(try package.entries().count == 2)
        for entry in try package.entries() {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: entry)
        }
        _ = package.generate()
        for entry in try package.entries() {
            #expect(try FileManager.default.attributesOfItem(atPath: entry)[.modificationDate] as? Date == old)
        }
    }

    @Test(arguments: [
        "", "LinkedWiring cache 8 core\n", "LinkedWiring cache 8 core\n{\"path\": 3}", "LinkedWiring cache 7 core\n[]", "not a cache\u{0}\u{FF}",
    ])
    func aCorruptCacheIsReadAsEmptyAndWrittenAgain(contents: String) throws {
        let package = try Package()
        defer { package.remove() }
        let expected = Self.expectedPlan(package)
        _ = package.generate()
        for entry in try package.entries() {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: entry))
        }
        #expect(package.generate() == expected)
        #expect(try package.entry("core-").hasPrefix("LinkedWiring cache 8 core\n{"))
        #expect(try package.entry("wiring-").hasPrefix("LinkedWiring cache 8 wiring\n{"))
    }

    /// An entry at the place of another file's (two paths with one hash) is not used for it.
    @Test func anEntryOfAnotherPathIsNotUsed() throws {
        let package = try Package()
        defer { package.remove() }
        let expected = package.generate()
        let core = SummaryCache<DeclarationFacts>(folder: package.cache, kind: "core")
        let wiring = SummaryCache<ScannedFile>(folder: package.cache, kind: "wiring")
        // The library file's place holds the core file's entry under the library's key.
        let key = try #require(SummaryCache<ScannedFile>.key(of: package.library))
        let facts = DeclarationFacts(files: [try FileScanner.scan(text: Package.coreText, path: package.core)])
        core.store(facts, of: package.core, key: key)
        try FileManager.default.removeItem(atPath: wiring.entryPath(of: package.library))
        try FileManager.default.moveItem(atPath: core.entryPath(of: package.core), toPath: wiring.entryPath(of: package.library))
        #expect(wiring.summary(of: package.library, key: key) == nil)
        #expect(package.generate() == expected)
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

        // Entries that are folders: they can be neither read nor replaced.
        try FileManager.default.removeItem(atPath: package.cache)
        let core = SummaryCache<DeclarationFacts>(folder: package.cache, kind: "core").entryPath(of: package.core)
        let wiring = SummaryCache<ScannedFile>(folder: package.cache, kind: "wiring").entryPath(of: package.library)
        try FileManager.default.createDirectory(atPath: core, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: wiring, withIntermediateDirectories: true)
        #expect(package.generate() == expected)
        #expect(package.generate() == expected)
    }

    /// What the cache keeps of a file reads back equal to a fresh scan with its bodies read, and
    /// to its facts, for every wiring, fake and core library file of the ATM example (tags,
    /// maps, exposes, includes, private modules, inits in extensions).
    @Test func aKeptScanReadsBackEqual() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var count = 0
        var bodies = 0
        for folder in ["WiringLibs", "FakeLibs", "Sources/ATMLib"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appending(path: folder).path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let path = root.appending(path: folder).appending(path: relative).path
                var file = try FileScanner.scan(text: try LinkedWiringGeneration.readSource(path), path: path)
                for position in file.types.indices {
                    if let body = file.types[position].configureBody { file.types[position].configureBody?.reading = body.read }
                }
                let facts = DeclarationFacts(files: [file])
                let decoded = try JSONDecoder().decode(ScannedFile.self, from: try JSONEncoder().encode(file))
                // The cache keeps the reading, not the tokens.
                for position in file.types.indices { file.types[position].configureBody?.tokens = [] }
                #expect(decoded == file, "\(path)")
                // ScannedType's == leaves the body out.
                #expect(decoded.types.map(\.configureBody) == file.types.map(\.configureBody), "\(path)")
                #expect(try JSONDecoder().decode(DeclarationFacts.self, from: try JSONEncoder().encode(facts)) == facts, "\(path)")
                count += 1
                bodies += file.types.count { $0.configureBody?.reading?.calls.isEmpty == false }
            }
        }
        #expect(count > 20)
        #expect(bodies >= 5)
    }
}
