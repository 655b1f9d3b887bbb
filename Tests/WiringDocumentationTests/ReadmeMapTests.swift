import Foundation
import Testing
import Wiring
import WiringTesting

/// Compiles and runs the example of the README's section "Contributing to a map from many
/// libraries": every ```swift block of that section appears in this target's sources.
struct ReadmeMapTests {
    static let heading = "## Contributing to a map from many libraries"

    static func section() throws -> String {
        try DocumentationExampleTests.readmeSection(heading)
    }

    @Test func everySwiftBlockOfTheSectionIsCompiledByThisTarget() throws {
        try DocumentationExampleTests.expectEverySwiftBlockCompiled(in: try Self.section(), named: "the README's map section")
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
