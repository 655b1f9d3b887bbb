import Testing
import Wiring

/// Runs the example of "Assisted injection" (Wiring.docc/AssistedInjection.md) and checks what the
/// article says it gives. `DocumentationExampleTests` checks that every code block of the article
/// is compiled.
struct AssistedInjectionArticleTests {
    @Test func theScreenIsBuiltFromTheDepositIDAndTheGraph() throws {
        let screen = try openReceiptScreen()
        #expect(screen.depositID == "dep-000042")
        #expect(screen.header == "ATM 42")
    }
}
