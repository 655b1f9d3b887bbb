import Testing
import Wiring

/// Runs the example of "Asking for values later" (Wiring.docc/AskingForValuesLater.md) and checks
/// what the article says it gives. `DocumentationExampleTests` checks that every code block of the
/// article is compiled.
struct AskingForValuesLaterArticleTests {
    @Test func theDeskAndItsStatementsReachEachOtherThroughDeferredParameters() throws {
        let (desk, statement) = try openMonthlyStatement()
        #expect(statement.rate == nil)
        #expect(statement.desk.get() === desk)
        #expect(statement.archive.get() === statement.archive.get())
        #expect(statement.clock.get() !== statement.clock.get())
    }
}
