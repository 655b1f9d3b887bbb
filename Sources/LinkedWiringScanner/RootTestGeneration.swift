/// A root component found in a target a test target depends on.
package struct FoundRoot: Equatable, Sendable {
    /// The Swift module that declares it.
    package var module: String
    /// The type as the generated test writes it (`atm.ATMRootComponent`).
    package var reference: String
    /// Whether it is public (an internal root needs `@testable import`).
    package var isPublic: Bool
    /// The `#if` conditions it is declared under.
    package var conditions: [String]
}

/// Generates, for a test target that applies `LinkedWiring`, one `@Test` per root component of
/// the targets it depends on: each validates its root with the entry point its graph allows
/// (`ComponentFactory`, else `MainActorComponentFactory`, else `AsyncComponentFactory`) and
/// records each diagnostic at the file and line of the binding it names.
package enum RootTestGeneration {
    static let rootProtocols: Set<String> = [
        "RootComponent", "Wiring.RootComponent", "Cleanse.RootComponent", "Wiring.Cleanse.RootComponent",
    ]

    // Cold: only for a test target's `--tests-output`, once per build. `@_optimize(none)` here and
    // below keeps the optimiser off it (Benchmarks/README.md, "The tool's own compile").
    /// The root components of scanned modules: types (or extensions) that inherit
    /// `RootComponent`, are not generic, private or unavailable, and are not nested in a function.
    ///
    /// - Parameter modules: Each module's name and scanned files.
    /// - Returns: The roots, sorted by module and name.
    @_optimize(none)
    package static func roots(in modules: [(module: String, files: [ScannedFile])]) -> [FoundRoot] {
        var found: [String: FoundRoot] = [:]
        var declarations: [String: (access: String?, generic: Bool, attributes: [String], conditions: [String])] = [:]
        var conforming: Set<String> = []
        for (module, files) in modules {
            for file in files {
                for type in file.types {
                    let key = "\(module)|" + GraphCheck.key(of: type, in: file, library: module)
                    if type.kind != .extension, type.kind != .protocol {
                        var access = type.access
                        var parent = type.parent
                        while let index = parent {
                            let outer = file.types[index]
                            if ["private", "fileprivate"].contains(outer.access ?? "") { access = "private" }
                            if outer.access == nil || outer.access == "internal" || outer.access == "package", access == "public" { access = "internal" }
                            parent = outer.parent
                        }
                        declarations[key] = (access, type.isGeneric, type.attributes, type.conditions)
                    }
                    if type.inheritance.contains(where: rootProtocols.contains) { conforming.insert(key) }
                }
            }
        }
        for key in conforming {
            guard let declaration = declarations[key], !declaration.generic,
                  !["private", "fileprivate"].contains(declaration.access ?? ""),
                  !declaration.attributes.contains(where: { $0.hasPrefix("available") || $0.hasPrefix("_spi") }) else { continue }
            let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            found[key] = FoundRoot(
                module: parts[0], reference: "\(parts[0]).\(parts[1])",
                isPublic: declaration.access == "public" || declaration.access == "open", conditions: declaration.conditions
            )
        }
        return found.values.sorted { ($0.module, $0.reference) < ($1.module, $1.reference) }
    }

    /// Whether the sources ask `of` for every rule (`rules: .all` or `.siblingBindingsOnly`),
    /// which the generated tests then check too.
    @_optimize(none)
    package static func usesEveryRule(_ tokens: [[Token]]) -> Bool {
        for file in tokens {
            for (index, token) in file.enumerated() where token.kind == .word {
                if token.text == "siblingBindingsOnly" { return true }
                if token.text == "rules", index + 3 < file.count, file[index + 1].text == ":", file[index + 2].text == ".",
                   file[index + 3].text == "all" {
                    return true
                }
            }
        }
        return false
    }

    /// The source of the generated tests.
    ///
    /// - Parameters:
    ///   - roots: The roots to validate.
    ///   - paths: The path of each Swift file a diagnostic may name, by its `#fileID`.
    ///   - everyRule: Whether to validate with `rules: .all` rather than `[]`.
    ///   - target: The test target's name.
    /// - Returns: The file's text.
    @_optimize(none)
    package static func render(roots: [FoundRoot], paths: [String: String], everyRule: Bool, target: String) -> String {
        var lines = [
            "// Generated by the LinkedWiring plugin for the test target \(target): do not edit.",
            "//",
            "// One test per root component of the targets \(target) depends on: each validates its root",
            "// with the first entry point its graph allows (ComponentFactory, MainActorComponentFactory,",
            "// AsyncComponentFactory) and records every diagnostic at the binding's file and line.",
            "",
            "import Testing",
            "import Wiring",
        ]
        var imports: [String: Bool] = [:]
        for root in roots { imports[root.module] = (imports[root.module] ?? false) || !root.isPublic }
        for (module, testable) in imports.sorted(by: { $0.key < $1.key }) {
            lines.append(testable ? "@testable import \(module)" : "import \(module)")
        }
        lines += ["", "@Suite(\"LinkedWiring: every root component validates\")", "struct LinkedWiringRootTests {"]
        for (index, root) in roots.enumerated() {
            if !root.conditions.isEmpty {
                lines.append("    #if " + root.conditions.map { "(\($0))" }.joined(separator: " && "))
            }
            lines += [
                "    @Test(\"\(root.reference) validates\") @MainActor",
                "    func root\(index)() async {",
                "        await LinkedWiringRootValidation.validate(\(root.reference).self)",
                "    }",
            ]
            if !root.conditions.isEmpty { lines.append("    #endif") }
        }
        lines += ["}", ""]
        lines += [
            "/// Validates a root and records its diagnostics where they point.",
            "enum LinkedWiringRootValidation {",
            "    static let rules: ValidationRules = \(everyRule ? ".all" : "[]")",
            "",
            "    /// The path of each file a diagnostic may name, by `#fileID`.",
            "    static let paths: [String: String] = [",
        ]
        for (fileID, path) in paths.sorted(by: { $0.key < $1.key }) {
            lines.append("        \(literal(fileID)): \(literal(path)),")
        }
        lines += [
            "    ]",
            "",
            "    @MainActor",
            "    static func validate<C: RootComponent>(_ component: C.Type, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line) async {",
            "        var failure: ValidationError",
            "        do throws(ValidationError) {",
            "            _ = try ComponentFactory.of(component, rules: rules)",
            "            return",
            "        } catch {",
            "            failure = error",
            "        }",
            "        if onlyEffects(failure) {",
            "            do throws(ValidationError) {",
            "                _ = try MainActorComponentFactory.of(component, rules: rules)",
            "                return",
            "            } catch {",
            "                failure = onlyEffects(error) ? failure : error",
            "            }",
            "            do throws(ValidationError) {",
            "                _ = try AsyncComponentFactory.of(component, rules: rules)",
            "                return",
            "            } catch {",
            "                failure = error",
            "            }",
            "        }",
            "        for diagnostic in failure.diagnostics {",
            "            let comment = Comment(rawValue: \"\\(failure.componentName): \\(diagnostic.message)\")",
            "            if let location = diagnostic.location, let path = paths[location.fileID] {",
            "                Issue.record(comment, sourceLocation: Testing.SourceLocation(fileID: location.fileID, filePath: path, line: location.line, column: 1))",
            "            } else {",
            "                Issue.record(comment, sourceLocation: Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: 1))",
            "            }",
            "        }",
            "    }",
            "",
            "    /// Whether every diagnostic is an effect the next entry point may handle.",
            "    static func onlyEffects(_ error: ValidationError) -> Bool {",
            "        error.diagnostics.allSatisfy { $0.kind == .unhandledEffect }",
            "    }",
            "}",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// A Swift string literal of `text`.
    @_optimize(none)
    static func literal(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
