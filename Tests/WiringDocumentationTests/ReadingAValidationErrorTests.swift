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

/// The article's unfinished `bind()`: the second ```text block is what `of` reports for it.
struct UnfinishedBindArticleTests {
    @Test func theArticlesUnfinishedBindIsTheDiagnosticWiringReports() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(UnfinishedBindExample.BankComponent.self) }
        let article = try String(
            contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("ReadingAValidationError.md"), encoding: .utf8
        )
        let shown = DocumentationExampleTests.blocks(in: article, language: "text").dropFirst().first
        #expect(error.diagnostics.map(\.kind) == [.unfinishedBinding, .missingBinding])
        #expect(error.diagnostics.first?.description == shown)
    }
}

/// A module whose `bind()` was left without a terminal, named as the article names it.
enum UnfinishedBindExample {
    struct Teller {}

    struct TellerModule: Module {
        static func configure(binder: Binder<Unscoped>) {
            _ = binder.bind(Teller.self, file: "Teller/TellerModule.swift", line: 7)
        }
    }

    struct BankComponent: RootComponent {
        typealias Root = Teller
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: TellerModule.self)
        }
        static func configureRoot(binder bind: ReceiptBinder<Teller>) -> BindingReceipt<Teller> {
            bind.to { (teller: Teller) in teller }
        }
    }
}
