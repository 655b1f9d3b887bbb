import Foundation
import Testing

/// "Reading a validation error" (Wiring.docc/ReadingAValidationError.md) quotes what `of`
/// reports from the golden cases: its graphs are in Tests/WiringTests/Golden (which
/// `DocumentationExampleTests` searches for its ```swift blocks), and each ```text block is the
/// whole expected output of one case, Tests/Fixtures/Diagnostics/<name>.txt, which
/// `GoldenDiagnosticTests` checks against `of`. This test checks that the article quotes the
/// files exactly, in its order.
struct ReadingAValidationErrorTests {
    /// The golden cases the article quotes, in its order.
    static let quoted = [
        "ReadingAValidationError", "ReadingAValidationErrorUnfinishedBind",
        "ReadingAValidationErrorCardTerminal", "ReadingAValidationErrorPinScreen", "ReadingAValidationErrorCardAudit",
        "ReadingAValidationErrorCardMenu", "ReadingAValidationErrorCardKiosk", "ReadingAValidationErrorCardPinKiosk",
        "ReadingAValidationErrorCardReceipt", "ReadingAValidationErrorCardReaderScreen",
    ]

    @Test func theArticleQuotesItsGoldenCasesWordForWord() throws {
        let article = try String(
            contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("ReadingAValidationError.md"), encoding: .utf8
        )
        let folder = DocumentationExampleTests.packageRoot.appendingPathComponent("Tests/Fixtures/Diagnostics")
        let expected = try Self.quoted.map { name in
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).txt"), encoding: .utf8)
            return text.hasSuffix("\n") ? String(text.dropLast()) : text
        }
        #expect(DocumentationExampleTests.blocks(in: article, language: "text") == expected)
    }
}
