import Foundation
import Testing

/// Every ```swift block of the DocC articles must appear in this target's sources, so that every
/// example in the documentation is compiled (and most of them run) by the test suite.
struct DocumentationExampleTests {
    // `articles()` throws rather than return no cases: Swift Testing passes a parameterised test
    // that has no arguments, so a moved catalog would otherwise check nothing and still pass.
    @Test(arguments: try DocumentationExampleTests.articles())
    func everySwiftBlockOfTheArticleIsCompiledByThisTarget(article: String) throws {
        let text = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
        try Self.expectEverySwiftBlockCompiled(in: text, named: article)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog = packageRoot.appendingPathComponent("Sources/Wiring/Wiring.docc")

    /// The articles of the catalog, other than its landing page.
    ///
    /// - Throws: ``CatalogError`` naming the path when the catalog cannot be read or has no
    ///   article, which fails the test that asked for them.
    static func articles() throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
        } catch {
            throw CatalogError(description: "cannot read the DocC catalog \(catalog.path): \(error)")
        }
        let articles = names.filter { $0.hasSuffix(".md") && $0 != "Wiring.md" }.sorted()
        guard !articles.isEmpty else {
            throw CatalogError(description: "the DocC catalog \(catalog.path) has no article (*.md other than Wiring.md)")
        }
        return articles
    }

    struct CatalogError: Error, CustomStringConvertible {
        let description: String
    }

    /// The text of each block of a language, exactly as written (indentation removed).
    static func blocks(in text: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines of each ```swift block, trimmed, without blank lines. A block right after a
    /// `<!-- not-compiled: … -->` marker (Apple-only code, a fragment of Package.swift) is left
    /// out, unless its marker says that the documentation tests compile it:
    /// `Scripts/check-article-examples` honours the same marker.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        var skipNext = false
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.hasPrefix("<!-- not-compiled:") {
                skipNext = !trimmed.contains("the documentation tests compile it")
            } else if current == nil, trimmed == "```swift" {
                current = []
                skipping = skipNext
                skipNext = false
            } else if current != nil, trimmed == "```" {
                if !skipping {
                    blocks.append(current ?? [])
                }
                current = nil
            } else if !trimmed.isEmpty {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    /// The folders whose sources compile the examples: this target; the golden cases of
    /// WiringTests, whose graphs "Reading a validation error" shows; the wiring library the
    /// LinkedWiring article shows, which this target links; and LinkedWiringPluginTests, whose
    /// demo package (the article's Package.swift) the end-to-end test builds with `swift build`.
    ///
    /// The README also shows the example's wiring libraries and root component, and a new
    /// user's Package.swift (`Tests/InstallCheck`, which `Scripts/check-install` builds), as
    /// they are in the repository.
    static let exampleFolders = [
        "Tests/WiringDocumentationTests", "Tests/WiringTests/Golden", "Tests/Fixtures/TellerWiring", "Tests/LinkedWiringPluginTests",
        "WiringLibs/ATMLibWiring", "WiringLibs/BankNetworkWiring", "WiringLibs/BillScannerWiring", "FakeLibs/FakeNetworkWiring",
        "Sources/ATMApp", "Tests/InstallCheck",
    ]

    static func normalizedSourceLines() throws -> [String] {
        try exampleFolders.flatMap { folder in
            let directory = packageRoot.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
            return try files.flatMap { file in
                try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            }
        }
    }

    /// Whether `block` appears as consecutive lines of `lines`.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
        return (0...(lines.count - block.count)).contains { start in
            Array(lines[start..<(start + block.count)]) == block
        }
    }

    /// The README's section under `heading`, from that line to the next `## ` heading.
    static func readmeSection(_ heading: String) throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "the README has no section \(heading)")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// Checks that `text` has a ```swift block and that this target compiles every one.
    static func expectEverySwiftBlockCompiled(in text: String, named name: String) throws {
        let blocks = swiftBlocks(in: text)
        #expect(!blocks.isEmpty, "\(name) has no swift example")
        let compiled = try normalizedSourceLines()
        for block in blocks {
            let isCompiled = contains(compiled, block)
            #expect(isCompiled, "this example of \(name) is not compiled:\n\(block.joined(separator: "\n"))")
        }
    }
}
