import Foundation
import Testing
import Wiring

/// Compiles the example of "Reading a validation error" and checks that the error the article
/// prints is the one Wiring throws, word for word.
struct ReadingAValidationErrorTests {
    @Test func theArticlesErrorIsTheErrorWiringThrows() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BrokenBankComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding, .missingBinding, .dependencyCycle])
        let article = try String(contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("ReadingAValidationError.md"), encoding: .utf8)
        #expect(DocumentationExampleTests.blocks(in: article, language: "text").first == error.description)
    }
}

/// The article's last example, inside a test.
struct ReadingAValidationErrorAssertionTests {
    @Test func theKindsComeInTheirFixedOrder() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BrokenBankComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding, .missingBinding, .dependencyCycle])
    }
}
