import Foundation
import Testing
import Wiring

/// Runs the examples of "Inspecting the graph" (its query test is in InspectingTheGraphExample.swift),
/// and checks the tree it prints.
struct InspectingTheGraphTests {
    @Test func theArticlesTreeIsTheRenderedGraph() throws {
        let tree = try statementTree()
        let article = try String(contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("InspectingTheGraph.md"), encoding: .utf8)
        #expect(DocumentationExampleTests.blocks(in: article, language: "text").first.map { $0 + "\n" } == tree)
    }
}
