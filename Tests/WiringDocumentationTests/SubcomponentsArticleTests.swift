import Testing
import Wiring

/// Runs the example of "Subcomponents" (Wiring.docc/Subcomponents.md) and checks what the article
/// says it gives. `DocumentationExampleTests` checks that every code block of the article is
/// compiled.
struct SubcomponentsArticleTests {
    @Test func sessionsSeeTheBranchAndKeepTheirOwnCustomer() throws {
        let (alice, bob) = try startTwoSessions()
        #expect(alice.customer == "alice")
        #expect(alice.bankName == "First Bank")
        #expect(bob.customer == "bob")
    }
}
