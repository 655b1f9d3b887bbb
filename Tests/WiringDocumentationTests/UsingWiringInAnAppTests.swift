import Testing
import Wiring

/// Runs the examples of "Using Wiring in an app" (Wiring.docc/UsingWiringInAnApp.md); the
/// article's own tests are in UsingWiringInAnAppExample.swift.
@MainActor
struct UsingWiringInAnAppTests {
    @Test func theAppsRootListsTheRealBudgetsAndOpensOne() throws {
        let list = try makeBudgetRoot(arguments: ["BudgetApp"])
        #expect(list.names == ["Groceries", "Rent"])
        let rent = list.open("Rent")
        #expect(rent.name == "Rent")
        #expect(rent.spent == "1200.00")
        #expect(list.open("Groceries").spent == "345.50")
    }

    @Test func aUITestLaunchBuildsTheRootFromTheFakeLibrary() throws {
        #expect(try makeBudgetRoot(arguments: ["BudgetApp", "-ui-testing"]).names == ["Preview budget"])
        #expect(previewBudgetList().names == ["Preview budget"])
    }

    @Test func theWidgetTotalsWhatTheBudgetsSpent() throws {
        let entry = try ComponentFactory.of(BudgetWidgetComponent.self).build(BudgetAppSettings(baseURL: "https://api.example.com"))
        #expect(entry.totalCents == 154_550)
    }

    @Test func theAppsServiceIsSharedInTheRootsScope() throws {
        let factory = try MainActorComponentFactory.of(BudgetAppComponent.self)
        let graph = factory.graph
        #expect(graph.bindings(of: (any BudgetService).self).map(\.scope) == ["Wiring.Singleton"])
    }
}
