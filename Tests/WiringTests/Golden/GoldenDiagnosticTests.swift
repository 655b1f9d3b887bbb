import Foundation
import Testing
import Wiring

/// Runs every golden case (``GoldenCases/all``): what `of` throws must be, word for word, the
/// case's `Tests/Fixtures/Diagnostics/<name>.txt`. On a mismatch the test prints the difference
/// line by line. `WIRING_UPDATE_GOLDEN=1` writes the files from what `of` throws instead
/// (ARCHITECTURE.md, "Golden diagnostics").
struct GoldenDiagnosticTests {
    static let updating = ProcessInfo.processInfo.environment["WIRING_UPDATE_GOLDEN"] == "1"

    @MainActor
    @Test(arguments: GoldenCases.all)
    func ofReportsTheExpectedTextWordForWord(_ golden: GoldenCase) throws {
        let actual = try #require(try golden.actual(), "\(golden.name): of threw no ValidationError")
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

    @Test func everyExpectedFileHasACaseAndEveryCaseOneName() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: GoldenCase.expectedFolder.path).filter { $0.hasSuffix(".txt") }
        let names = GoldenCases.all.map(\.name)
        #expect(Set(names).count == names.count, "two cases share a name")
        #expect(Set(files.map { String($0.dropLast(".txt".count)) }).subtracting(names).sorted() == [], "expected files without a case")
        #expect(!names.isEmpty)
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
