import Foundation
import Testing
import Wiring

/// The graph of one golden case: a graph that `of` refuses, and the entry point to call.
///
/// A case is two files and no list: the expected text in `Tests/Fixtures/Diagnostics/<Name>.txt`
/// and, anywhere in this test target, `extension GoldenGraphs { enum <Name>: GoldenGraph { … } }`
/// (ARCHITECTURE.md, "Golden diagnostics"). `GoldenDiagnosticTests` runs one case per expected
/// file and finds its graph by the file's name; it fails when a file has no graph or a graph no
/// file.
@MainActor
protocol GoldenGraph {
    /// Calls the entry point whose `ValidationError` is checked (on the main actor, where each
    /// of the three factories can be called).
    static func validate() throws
}

/// The namespace of every golden case's graph: `GoldenGraphs.<Name>` is the graph of
/// `Tests/Fixtures/Diagnostics/<Name>.txt`.
enum GoldenGraphs {}

/// One golden case, discovered from its expected file: the name, and the graph of that name.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The base name of the expected file, and the name of the graph's type in ``GoldenGraphs``.
    let name: String

    var testDescription: String { name }

    /// The folder of the expected outputs.
    static let expectedFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Diagnostics")

    /// The folder of this test target's sources, where the graphs are declared.
    static let sourceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// One case per `.txt` file of the expected folder, in name order; empty when the folder
    /// cannot be read (which `everyExpectedFileHasAGraphAndEveryGraphAFile` reports).
    static func discovered() -> [GoldenCase] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: expectedFolder.path)) ?? []
        return files.filter { $0.hasSuffix(".txt") }.map { GoldenCase(name: String($0.dropLast(".txt".count))) }.sorted { $0.name < $1.name }
    }

    /// The names of the graphs the sources declare (`enum <Name>: GoldenGraph`), found by reading
    /// them, so that a graph without an expected file is reported too.
    static func declaredGraphNames() throws -> [String] {
        let pattern = try Regex(#"enum\s+(\w+)\s*:\s*GoldenGraph\b"#)
        var names: [String] = []
        let sources = FileManager.default.enumerator(at: sourceFolder, includingPropertiesForKeys: nil)
        while let file = sources?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.append(String(name)) }
            }
        }
        return names.sorted()
    }

    /// The graph named like the case, `GoldenGraphs.<name>`, looked up by its mangled type name;
    /// nil when no such type conforms to ``GoldenGraph``.
    var graph: (any GoldenGraph.Type)? {
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), name.first?.isLetter == true else { return nil }
        // "WiringTests.GoldenGraphs": the module and the namespace, each mangled as <length><name>
        // and the namespace and the case as enums (`O`).
        let path = String(reflecting: GoldenGraphs.self).split(separator: ".").map(String.init) + [name]
        guard path.count == 3 else { return nil }
        let mangled = "\(path[0].utf8.count)\(path[0])\(path[1].utf8.count)\(path[1])O\(name.utf8.count)\(name)O"
        return _typeByName(mangled) as? any GoldenGraph.Type
    }

    /// The file of the case's expected output.
    var expectedFile: URL {
        Self.expectedFolder.appendingPathComponent("\(name).txt")
    }

    /// The expected output, without the file's final newline.
    func expected() throws -> String {
        let text = try String(contentsOf: expectedFile, encoding: .utf8)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// What the graph's entry point throws, as it prints; nil when it throws nothing.
    @MainActor
    static func actual(of graph: any GoldenGraph.Type) throws -> String? {
        do {
            try graph.validate()
            return nil
        } catch let error as ValidationError {
            return error.description
        }
    }
}
