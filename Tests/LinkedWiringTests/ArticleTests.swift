import Foundation
@testable import LinkedWiringScanner
import Testing

/// What "Composing roots from linked libraries" shows the plugin writing is what it writes.
struct ArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theGeneratedFileOfTheArticleIsTheGeneratorsOutputForItsLibrary() throws {
        let article = try String(
            contentsOf: Self.packageRoot.appending(path: "Sources/Wiring/Wiring.docc/ComposingRootsFromLinkedLibraries.md"),
            encoding: .utf8
        )
        let blocks = Self.blocks(in: article, language: "text")
        try #require(blocks.count == 2)
        let folder = Self.packageRoot.appending(path: "Tests/Fixtures/TellerWiring")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { folder.appending(path: $0).path }
        let plan = try LinkedWiringGeneration.plan(for: [WiringLibrarySources(module: "TellerWiring", files: files)])
        #expect(blocks[0] + "\n" == LinkedWiringGeneration.render(plan, target: "TellerApp"))
    }

    @Test func theArticlesBuildErrorIsTheOneTheEndToEndTestExpects() throws {
        let article = try String(
            contentsOf: Self.packageRoot.appending(path: "Sources/Wiring/Wiring.docc/ComposingRootsFromLinkedLibraries.md"),
            encoding: .utf8
        )
        let blocks = Self.blocks(in: article, language: "text")
        try #require(blocks.count == 2)
        let test = try String(
            contentsOf: Self.packageRoot.appending(path: "Tests/LinkedWiringTests/LinkedWiringPluginTests.swift"), encoding: .utf8
        )
        let message = try #require(blocks[1].split(separator: ":6:1: ", maxSplits: 1).last)
        #expect(test.contains(":6:1: " + message + "\""))
    }

    /// The text of each block of a language, exactly as written.
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
}
