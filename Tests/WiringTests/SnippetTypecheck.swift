import Foundation
import Testing

/// What `swiftc -typecheck` said about a snippet compiled against the Wiring module this test
/// run built: for the tests of what the type checker accepts and rejects.
struct SnippetTypecheck {
    /// An error swiftc reported in the snippet.
    struct Error: Equatable {
        /// The line of the snippet, from 1.
        let line: Int
        /// The text after `error: `.
        let message: String
    }

    /// swiftc's exit status.
    let status: Int32
    /// The errors in the snippet, in order.
    let errors: [Error]
    /// Everything swiftc wrote to its standard error.
    let output: String

    /// Type-checks `source` against the Wiring module this test run built.
    static func run(_ source: String) throws -> SnippetTypecheck {
        let modules = try #require(wiringModulesDirectory(), "the built Wiring.swiftmodule was not found")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wiring-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippet.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The C target of Wiring's atomics, which every module that imports Wiring loads, as
        // SwiftPM passes it to a dependent target.
        let atomics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CWiringAtomics/include")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-Xcc", "-I", "-Xcc", atomics.path, file.path,
        ]
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = Pipe()
        try process.run()
        let output = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // `<file>:<line>:<column>: error: <message>`
        let errors = output.split(separator: "\n").compactMap { line -> Error? in
            guard line.hasPrefix(file.path + ":"), let marker = line.range(of: ": error: ") else { return nil }
            let position = line[line.index(line.startIndex, offsetBy: file.path.count + 1)..<marker.lowerBound]
            guard let number = position.split(separator: ":").first.flatMap({ Int($0) }) else { return nil }
            return Error(line: number, message: String(line[marker.upperBound...]))
        }
        return SnippetTypecheck(status: process.terminationStatus, errors: errors, output: output)
    }

    private static func wiringModulesDirectory() -> URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent().appendingPathComponent("Modules")]
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/Modules"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Wiring.swiftmodule").path) }
    }
}
