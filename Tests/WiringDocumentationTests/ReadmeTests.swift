import Foundation
import Testing

/// The README as a whole: its sections come in the order a new user needs them, and every
/// ```swift block in it is compiled (the sources that compile each are listed in
/// `DocumentationExampleTests.exampleFolders`).
struct ReadmeTests {
    static func readme() throws -> String {
        try String(contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func everySwiftBlockOfTheReadmeIsCompiled() throws {
        try DocumentationExampleTests.expectEverySwiftBlockCompiled(in: try Self.readme(), named: "the README")
    }

    @Test func theSectionsComeInTheOrderANewUserNeedsThem() throws {
        let headings = try Self.readme().split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        #expect(Array(headings.prefix(6)) == [
            "## Installation",
            "## A first example",
            "## Testing your graph: WiringTesting",
            "## Migrating from Cleanse",
            "## Developing Wiring: the demo and the tests",
            "## The ATM example: wiring libraries end to end",
        ])
    }

    @Test func theReadmeNamesTheLicenceFileThatIsThere() throws {
        #expect(try Self.readme().contains("[LICENSE](LICENSE)"))
        let licence = try String(contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(licence.hasPrefix("\n                                 Apache License\n                           Version 2.0, January 2004\n"))
    }

    @Test func theSwiftVersionTheReadmeGivesIsTheManifests() throws {
        let manifest = try String(contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version: 6.3\n"))
        #expect(try Self.readme().contains("**Swift 6.3 or later**"))
    }
}
