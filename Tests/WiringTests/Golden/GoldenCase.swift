import Foundation
import Testing
import Wiring

/// One golden case: a small graph that `of` refuses, and the name of the file that holds the
/// exact text of its ``ValidationError``, `Tests/Fixtures/Diagnostics/<name>.txt`.
///
/// The graph is declared in `Golden/<name>.swift`, beside the case; ``GoldenCases/all`` lists
/// every case. `GoldenDiagnosticTests` runs them (ARCHITECTURE.md, "Golden diagnostics").
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The base name of the case's Swift file and of its expected output.
    let name: String
    /// Calls the entry point whose `ValidationError` is checked (on the main actor, where each
    /// of the three factories can be called).
    let validate: @MainActor @Sendable () throws -> Void

    init(_ name: String, validate: @escaping @MainActor @Sendable () throws -> Void) {
        self.name = name
        self.validate = validate
    }

    var testDescription: String { name }

    /// The folder of the expected outputs.
    static let expectedFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Diagnostics")

    /// The file of the case's expected output.
    var expectedFile: URL {
        Self.expectedFolder.appendingPathComponent("\(name).txt")
    }

    /// The expected output, without the file's final newline.
    func expected() throws -> String {
        let text = try String(contentsOf: expectedFile, encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// What the entry point throws, as it prints; nil when it throws nothing.
    @MainActor
    func actual() throws -> String? {
        do {
            try validate()
            return nil
        } catch let error as ValidationError {
            return error.description
        }
    }
}
