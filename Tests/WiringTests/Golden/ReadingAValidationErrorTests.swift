import Testing
import Wiring

extension BrokenBankExample {
    /// The article's last example, inside a test: the kinds of its first graph come in their
    /// order.
    struct AssertionTests {
        @Test func theKindsComeInTheirFixedOrder() throws {
            let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(BrokenBankComponent.self) }
            #expect(error.diagnostics.map(\.kind) == [.duplicateBinding, .missingBinding, .dependencyCycle])
        }
    }
}

/// The article's unhandled effects: one diagnostic each, and each place fixed the way its
/// message says. (`GoldenDiagnosticTests` checks their text, and the article quotes it.)
struct ReadingAValidationErrorEffectTests {
    @MainActor
    @Test func eachPlaceReportsOneUnhandledEffect() throws {
        for graph in readingAValidationErrorEffects {
            let error = try #require(throws: ValidationError.self) { try graph.validate() }
            #expect(error.diagnostics.map(\.kind) == [.unhandledEffect], "\(graph)")
        }
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
