import Foundation
import Testing
import Wiring

/// Checks that the "unhandled effect" diagnostics that "Reading a validation error"
/// (Wiring.docc/ReadingAValidationError.md) prints are the ones Wiring reports, word for word
/// and in the article's order. `DocumentationExampleTests` checks that every code block of the
/// article is compiled.
struct UnhandledEffectArticleTests {
    /// What `of` reports for each place the article shows, in the article's order.
    static func reported() throws -> [Diagnostic] {
        let entries: [() throws -> Void] = [
            { _ = try ComponentFactory.of(CardTerminalComponent.self) },
            { _ = try MainActorComponentFactory.of(PinScreenComponent.self) },
            { _ = try ComponentFactory.of(CardAuditComponent.self) },
            { _ = try ComponentFactory.of(CardMenuComponent.self) },
            { _ = try ComponentFactory.of(CardKioskComponent.self) },
            { _ = try ComponentFactory.of(CardPinKioskComponent.self) },
            { _ = try ComponentFactory.of(CardReceiptComponent.self) },
            { _ = try ComponentFactory.of(CardReaderScreenComponent.self) },
        ]
        return try entries.map { entry in
            let error = try #require(throws: ValidationError.self) { try entry() }
            try #require(error.diagnostics.count == 1, "\(error)")
            return error.diagnostics[0]
        }
    }

    @Test func theArticlesUnhandledEffectsAreTheDiagnosticsWiringReports() throws {
        let diagnostics = try Self.reported()
        #expect(diagnostics.map(\.kind) == Array(repeating: .unhandledEffect, count: 8))
        let article = try String(
            contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("ReadingAValidationError.md"), encoding: .utf8
        )
        // The first text block is the article's opening example, the second an unfinished bind.
        let blocks = DocumentationExampleTests.blocks(in: article, language: "text").dropFirst(2)
        #expect(Array(blocks) == diagnostics.map(\.description))
    }

    @Test func everyPlaceIsFixedTheWayItsMessageSays() throws {
        // The async factory runs what the synchronous and main-actor builds could not.
        #expect(throws: Never.self) { try AsyncComponentFactory.of(CardTerminalComponent.self) }
        #expect(throws: Never.self) { try MainActorComponentFactory.of(CardTerminalComponent.self) }
        #expect(throws: Never.self) { try AsyncComponentFactory.of(PinScreenComponent.self) }
        // A subcomponent's async factory runs what its synchronous and main-actor factories could not.
        #expect(throws: Never.self) { try ComponentFactory.of(AsyncCardKioskComponent.self) }
        // Deferred requests are checked whatever the entry point.
        #expect(throws: ValidationError.self) { try AsyncComponentFactory.of(CardAuditComponent.self) }
        #expect(throws: ValidationError.self) { try AsyncComponentFactory.of(CardReceiptComponent.self) }
    }
}
