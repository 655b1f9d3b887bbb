import Foundation
import Testing
import WiringCleanse

/// Runs the example of "Migrating from Cleanse" (Wiring.docc/MigratingFromCleanse.md).
/// `DocumentationExampleTests` checks that its code block is compiled.
struct MigratingFromCleanseArticleTests {
    @Test func theCleanseCodeBuildsItsCar() throws {
        let factory = try ComponentFactory.of(GarageComponent.self, rules: .all)
        let car = factory.build(())
        #expect(factory.build(()).engine !== car.engine)
    }

    @Test func theArticleGivesTheSettingTheInstallCheckBuildsWith() throws {
        let article = try String(contentsOf: DocumentationExampleTests.catalog.appendingPathComponent("MigratingFromCleanse.md"), encoding: .utf8)
        let setting = try #require(DocumentationExampleTests.blocks(in: article, language: "text").first)
        let manifest = try String(
            contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("Tests/InstallCheck/Package.swift"), encoding: .utf8
        )
        let lines = manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let wanted = setting.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(DocumentationExampleTests.contains(lines, wanted))
    }
}
