import Synchronization
import Testing
import Wiring

/// Compiles and runs the example of the "Getting started" article (Wiring.docc/GettingStarted.md).
/// `DocumentationExampleTests` checks that every code block of the article appears here.
struct GettingStartedTests {
    @Test func theGettingStartedExampleDepositsThroughTheGraph() throws {
        let factory = try ComponentFactory.of(ApplicationRootComponent.self)
        let depositer = factory.build(())
        let recorded = depositer.deposit([20, 20, 5])
        #expect(recorded == 4500)
        #expect(depositer.deposit([1]) == 4600)
        #expect(factory.build(()).deposit([1]) == 100)
    }
}
