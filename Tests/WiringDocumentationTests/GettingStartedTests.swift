import Testing
import Wiring

/// Runs the example of the "Getting started" article (Wiring.docc/GettingStarted.md).
/// `DocumentationExampleTests` checks that every code block of the article appears here, and
/// `Scripts/check-article-examples` compiles them as one file.
struct GettingStartedTests {
    @Test func aliceDepositsThroughHerSession() throws {
        #expect(try depositForAlice() == [
            "alice: 4500 cents sent to https://bank.example", "Thank you", "Deposits sent after 18:00 count tomorrow",
        ])
    }

    @Test func eachSessionHasItsDepositerAndSharesTheRootsNetwork() throws {
        let screen = try ComponentFactory.of(ApplicationRootComponent.self).build(())
        let alice = screen.sessions.build("alice")
        let bob = screen.sessions.build("bob")
        #expect(alice.customer == "alice")
        #expect(bob.customer == "bob")
        let alicesNetwork = try #require(alice.network as? LoopbackNetwork)
        let bobsNetwork = try #require(bob.network as? LoopbackNetwork)
        #expect(alicesNetwork === bobsNetwork)
        #expect(alice.deposit([1]) == ["alice: 100 cents sent to https://bank.example", "Thank you", "Deposits sent after 18:00 count tomorrow"])
    }
}
