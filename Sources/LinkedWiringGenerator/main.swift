// The tool the LinkedWiring plugin runs:
//
//   LinkedWiringGenerator --output PATH --target NAME [--library MODULE FILE...]...
//
// It scans the Swift files of each wiring library, writes LinkedWiring.swift to PATH, and exits 0;
// or prints every problem (`file:line:column: error: …`) on standard error and exits 1, so that
// the build fails instead of leaving a module out.

import Foundation
import LinkedWiringScanner

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var output: String?
var target = "this target"
var libraries: [WiringLibrarySources] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output":
        output = arguments.popFirst()
    case "--target":
        target = arguments.popFirst() ?? target
    case "--library":
        guard let module = arguments.popFirst() else { fail("LinkedWiringGenerator: --library needs a module name") }
        libraries.append(WiringLibrarySources(module: module, files: []))
    default:
        guard !libraries.isEmpty, !argument.hasPrefix("--") else { fail("LinkedWiringGenerator: unexpected argument \(argument)") }
        libraries[libraries.count - 1].files.append(argument)
    }
}
guard let output else { fail("usage: LinkedWiringGenerator --output PATH --target NAME [--library MODULE FILE...]...") }

do throws(GenerationFailure) {
    let plan = try LinkedWiringGeneration.plan(for: libraries)
    let text = LinkedWiringGeneration.render(plan, target: target)
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        fail("\(output): error: LinkedWiring: cannot write the generated file: \(error.localizedDescription)")
    }
} catch {
    fail(error.problems.map(\.description).joined(separator: "\n"))
}
