import Foundation
import Testing
import Wiring

/// Compiles and runs the example of the README's section "Concurrency: actors, async and throwing
/// factories": every ```swift block of that section appears in this target's sources.
struct ReadmeConcurrencyTests {
    static let heading = "## Concurrency: actors, async and throwing factories"

    static func section() throws -> String {
        try DocumentationExampleTests.readmeSection(heading)
    }

    @Test func everySwiftBlockOfTheSectionIsCompiledByThisTarget() throws {
        try DocumentationExampleTests.expectEverySwiftBlockCompiled(in: try Self.section(), named: "the README's concurrency section")
    }

    @Test func theSectionLinksToTheArticle() throws {
        #expect(try Self.section().contains("Sources/Wiring/Wiring.docc/Concurrency.md"))
    }

    @Test func theWalletIsBuiltThroughEveryEffect() async throws {
        _ = try await buildWallet()
        // The three effects on the root's path, each with nowhere to run under `build(_:)`, and
        // the one `MainActorComponentFactory.build(_:)` cannot run.
        let synchronous = try #require(throws: ValidationError.self) { try ComponentFactory.of(WalletComponent.self) }
        #expect(synchronous.diagnostics.map(\.kind) == [.unhandledEffect, .unhandledEffect, .unhandledEffect])
        let onMain = try #require(throws: ValidationError.self) { try MainActorComponentFactory.of(WalletComponent.self) }
        #expect(onMain.diagnostics.count == 1)
    }
}
