import Testing
import Wiring

/// Runs the example of "Property injection" (Wiring.docc/PropertyInjection.md) and checks what the
/// article says it gives. `DocumentationExampleTests` checks that every code block of the article
/// is compiled.
struct PropertyInjectionArticleTests {
    @Test func theControllersPropertiesAreSet() throws {
        let controller = try makeDepositViewController()
        #expect(controller.title == "Deposit")
        #expect(controller.limitCents == 250_000)
    }
}
