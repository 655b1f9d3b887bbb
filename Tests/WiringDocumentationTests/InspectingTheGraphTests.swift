import Foundation
import Testing
import Wiring

/// Compiles and runs the examples of "Inspecting the graph", and checks the tree it prints.
struct InspectingTheGraphTests {
    @Test func theArticlesTreeIsTheRenderedGraph() throws {
        let graph = try ComponentFactory.of(StatementComponent.self).graph
        let tree = graph.rendered(as: .text)
        let article = try String(contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("InspectingTheGraph.md"), encoding: .utf8)
        #expect(DocumentationExampleTests.blocks(in: article, language: "text").first.map { $0 + "\n" } == tree)
    }

    @Test func theGraphCanBeQueried() throws {
        let graph = try ComponentFactory.of(StatementComponent.self).graph
        let ledger = try #require(graph.bindings(of: StatementLedger.self).first)
        #expect(ledger.scope == "Wiring.Singleton")
        #expect(graph.dependencies(of: graph.root).map(\.kind) == [.provider, .instance])
    }
}
