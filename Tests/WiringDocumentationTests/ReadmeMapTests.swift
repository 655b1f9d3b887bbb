import Foundation
import Testing
import Wiring
import WiringTesting

/// Compiles and runs the example of the README's section "Contributing to a map from many
/// libraries": every ```swift block of that section appears in this target's sources.
struct ReadmeMapTests {
    static let heading = "## Contributing to a map from many libraries"

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
        #expect(!blocks.isEmpty, "the README's map section has no swift example")
        let compiled = try DocumentationExampleTests.normalizedSourceLines()
        for block in blocks {
            #expect(DocumentationExampleTests.contains(compiled, block), "this README example is not compiled:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theSectionLinksToTheArticle() throws {
        #expect(try Self.section().contains("(Sources/Wiring/Wiring.docc/ContributingToAMapFromManyLibraries.md)"))
    }

    @Test func theMenuHasThePaneOfEveryIncludedWiringLibrary() throws {
        let menu = try ComponentFactory.of(SettingsAppComponent.self).build()
        #expect(menu.panes.mapValues(\.title) == ["privacy": "Privacy", "notifications": "Notifications"])
    }

    @Test func anAppWithNoPaneGetsAnEmptyMenu() throws {
        let factory = try ComponentFactory.of(SettingsAppComponent.self, replacing: { binder in
            binder.removeEntry(forKey: "privacy", from: [String: any SettingsPane].self)
            binder.removeEntry(forKey: "notifications", from: [String: any SettingsPane].self)
        })
        #expect(factory.build().panes.isEmpty)
    }
}
