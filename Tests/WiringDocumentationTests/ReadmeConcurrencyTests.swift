import Foundation
import Testing
import Wiring

/// Compiles and runs the example of the README's section "Concurrency: actors, async and throwing
/// factories": every ```swift block of that section appears in this target's sources.
struct ReadmeConcurrencyTests {
    static let heading = "## Concurrency: actors, async and throwing factories"

    /// The README's section, from its heading to the next `## ` heading.
    static func section() throws -> String {
        let readme = try String(contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "the README has no section \(heading)")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    @Test func everySwiftBlockOfTheSectionIsCompiledByThisTarget() throws {
        let blocks = DocumentationExampleTests.swiftBlocks(in: try Self.section())
        #expect(!blocks.isEmpty, "the README's concurrency section has no swift example")
        let compiled = try DocumentationExampleTests.normalizedSourceLines()
        for block in blocks {
            #expect(DocumentationExampleTests.contains(compiled, block), "this README example is not compiled:\n\(block.joined(separator: "\n"))")
        }
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
