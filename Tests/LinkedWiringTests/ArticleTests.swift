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
        let blocks = Self.blocks(in: article, language: "text").filter { $0.hasPrefix("// Generated") }
        try #require(blocks.count == 1)
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
        let blocks = Self.blocks(in: article, language: "text").filter { $0.contains(": error: LinkedWiring: ") }
        try #require(blocks.count == 1)
        let test = try String(
            contentsOf: Self.packageRoot.appending(path: "Tests/LinkedWiringPluginTests/LinkedWiringPluginTests.swift"), encoding: .utf8
        )
        let message = try #require(blocks[0].split(separator: ":6:1: ", maxSplits: 1).last)
        #expect(test.contains(":6:1: " + message + "\""))
    }

    @Test(arguments: ["Sources/Wiring/Wiring.docc/ComposingRootsFromLinkedLibraries.md", "README.md"])
    func theWarningShownForAnInternalModuleIsTheOneTheEndToEndTestExpects(document: String) throws {
        let text = try String(contentsOf: Self.packageRoot.appending(path: document), encoding: .utf8)
        let test = try String(
            contentsOf: Self.packageRoot.appending(path: "Tests/LinkedWiringPluginTests/LinkedWiringPluginTests.swift"), encoding: .utf8
        )
        let warnings = text.split(separator: "\n").filter { $0.contains(": warning: LinkedWiring: ") }
        try #require(warnings.count == 1)
        let position = try #require(warnings[0].range(of: ".swift:"))
        #expect(test.contains(String(warnings[0][position.upperBound...]) + "\""), "\(warnings[0])")
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

/// What "Build-time checks" and the README show the build and the generated test reporting is
/// what the plugin's end-to-end test expects them to report.
struct BuildTimeChecksArticleTests {
    @Test(arguments: ["Sources/Wiring/Wiring.docc/BuildTimeChecks.md", "README.md"])
    func everyReportShownIsOneTheEndToEndTestExpects(document: String) throws {
        let text = try String(contentsOf: ArticleTests.packageRoot.appending(path: document), encoding: .utf8)
        let test = try String(
            contentsOf: ArticleTests.packageRoot.appending(path: "Tests/LinkedWiringPluginTests/LinkedWiringPluginTests.swift"), encoding: .utf8
        )
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // The typed checks' examples are compared with what the checks report in
        // TypedGraphCheckTests.theDocumentsShowWhatTheCheckReports and
        // theArticleShowsWhatThePrivateBindingCheckReports, the sibling-library rule's in
        // GraphCheckTests.theDocumentsShowWhatTheSiblingRuleReports.
        let reports = lines.filter {
            $0.contains(".swift:") && ($0.contains(": error: LinkedWiring: ") || $0.contains(": note: LinkedWiring: "))
                && !$0.contains("LinkedWiring: Missing binding for") && !$0.contains(" is kept private by ")
                && !$0.contains(GraphCheckTests.siblingSentence)
        }
        try #require(reports.count >= (document == "README.md" ? 1 : 5), "\(reports)")
        for report in reports {
            // The article writes paths from the package's root, the test from its temporary copy:
            // compare from the line number on.
            let position = try #require(report.range(of: ".swift:"))
            #expect(test.contains(String(report[position.upperBound...])), "\(document) shows a report the end-to-end test does not expect: \(report)")
        }
        let issue = try #require(lines.first { $0.hasPrefix("✘ Test \"RootLib.LibRoot validates\"") })
        #expect(test.contains(issue), "\(document): \(issue)")
    }
}
