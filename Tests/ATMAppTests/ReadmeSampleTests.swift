import ATMTestSupport
import Foundation
import Testing

/// What the README shows the apps print is what they print.
struct ReadmeSampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's ```text block that starts with `$ command`, without that line.
    static func sample(of command: String) throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = "```text\n$ \(command)\n"
        let start = try #require(readme.range(of: opening), "the README shows no `$ \(command)`")
        let end = try #require(readme[start.upperBound...].range(of: "```\n"))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test func theGraphTheReadmeShowsIsWhatAtmGraphPrints() async throws {
        let run = try await CommandRunner.run("atm", ["graph"])
        #expect(run.status == 0)
        #expect(run.output == (try Self.sample(of: "atm graph")))
    }
}
