import Foundation
import Testing
import Wiring

/// Runs every golden case, one per file of `Tests/Fixtures/Diagnostics` (``GoldenCase/discovered()``):
/// what the graph `GoldenGraphs.<name>` throws must be, word for word, `<name>.txt`. On a mismatch the test prints the difference
/// line by line. `WIRING_UPDATE_GOLDEN=1` writes the files from what `of` throws instead
/// (ARCHITECTURE.md, "Golden diagnostics").
struct GoldenDiagnosticTests {
    static let updating = ProcessInfo.processInfo.environment["WIRING_UPDATE_GOLDEN"] == "1"

    @MainActor
    @Test(arguments: GoldenCase.discovered())
    func ofReportsTheExpectedTextWordForWord(_ golden: GoldenCase) throws {
        let graph = try #require(
            golden.graph, "\(golden.name).txt has no graph: declare `extension GoldenGraphs { enum \(golden.name): GoldenGraph { … } }`"
        )
        let actual = try #require(try GoldenCase.actual(of: graph), "\(golden.name): of threw no ValidationError")
        if Self.updating {
            try (actual + "\n").write(to: golden.expectedFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try golden.expected()
        if actual != expected {
            Issue.record(
                """
                \(golden.name): of reports other text than \(golden.expectedFile.path) (rewrite it with WIRING_UPDATE_GOLDEN=1):
                \(GoldenDifference.of(expected: expected, actual: actual))
                """
            )
        }
    }

    @Test func everyExpectedFileHasAGraphAndEveryGraphAFile() throws {
        let files = GoldenCase.discovered()
        #expect(files.count > 50, "the expected files were not found in \(GoldenCase.expectedFolder.path)")
        let withoutGraph: [String] = files.filter { (file: GoldenCase) in file.graph == nil }.map(\.name)
        #expect(withoutGraph == [], "expected files without a graph in GoldenGraphs")
        let declared = try GoldenCase.declaredGraphNames()
        #expect(Set(declared).count == declared.count, "two graphs share a name")
        #expect(Set(declared).subtracting(files.map(\.name)).sorted() == [], "graphs without an expected file")
        let notFound: [String] = declared.filter { (name: String) in GoldenCase(name: name).graph == nil }
        #expect(notFound == [], "graphs the lookup by name does not find")
    }

    @Test func aDifferenceShowsTheChangedLineOnly() {
        let difference = GoldenDifference.of(expected: "a\nb\nc", actual: "a\nB\nc\nd")
        #expect(difference == """
            --- expected
            +++ actual
              a
            - b
            + B
              c
            + d
            """)
    }
}
