import Foundation

/// A wiring library the target links: its Swift module name and its Swift files.
public struct WiringLibrarySources: Equatable, Sendable {
    /// The library's Swift module name.
    public var module: String
    /// The paths of its Swift files.
    public var files: [String]
    /// For a wiring library, the core libraries it sees (its source dependencies, recursively).
    public var dependencies: [String]

    /// Creates a library.
    @_optimize(none)
    public init(module: String, files: [String], dependencies: [String] = []) {
        self.module = module
        self.files = files
        self.dependencies = dependencies
    }
}

/// What a run of the generator found: the plan when it may write `LinkedWiring.swift`, and every
/// problem to print (errors fail the build; warnings and notes do not).
public struct GenerationResult: Equatable, Sendable {
    /// The plan, or nil when an error keeps the generator from writing the file.
    public var plan: LinkedWiringPlan?
    /// The errors, warnings and notes, in the order to print them.
    public var problems: [SourceProblem]
}

/// Reads the wiring libraries, decides their modules and renders `LinkedWiring.swift`.
public enum LinkedWiringGeneration {
    /// The plan for a set of libraries, or every problem found in them.
    ///
    /// - Parameter libraries: The linked wiring libraries.
    /// - Returns: The plan, sorted, when there is no problem.
    /// - Throws: ``GenerationFailure`` with every problem, in file order.
    @_optimize(none)
    public static func plan(for libraries: [WiringLibrarySources]) throws(GenerationFailure) -> LinkedWiringPlan {
        var plan = LinkedWiringPlan()
        var problems: [SourceProblem] = []
        for library in libraries.sorted(by: { $0.module < $1.module }) {
            var scanned: [ScannedFile] = []
            for path in library.files.sorted() {
                do throws(SourceProblem) {
                    scanned.append(try FileScanner.scan(text: try readSource(path), path: path))
                } catch {
                    problems.append(error)
                }
            }
            let (libraryPlan, libraryProblems) = ModuleCatalog.plan(library: library.module, files: scanned)
            plan.included += libraryPlan.included
            plan.leftOut += libraryPlan.leftOut
            plan.warnings += libraryPlan.warnings
            problems += libraryProblems
        }
        guard problems.isEmpty else { throw GenerationFailure(problems: problems) }
        plan.included.sort { ($0.library, $0.reference) < ($1.library, $1.reference) }
        plan.leftOut.sort { $0.name < $1.name }
        return plan
    }

    /// Plans `LinkedWiring` and runs the graph checks of ``GraphCheck`` on the modules it
    /// includes.
    ///
    /// A file the module scan cannot read is an error (a module is never silently missing); a
    /// core library's or the app's file the graph checks cannot read is a warning naming it, and
    /// the checks then say nothing of what it might declare.
    ///
    /// - Parameters:
    ///   - libraries: The linked wiring libraries, each with the core libraries it sees.
    ///   - core: The core libraries the wiring libraries see, with their files.
    ///   - app: The Swift files of the target the plugin is applied to.
    ///   - cache: A folder where what each file of a wiring or core library holds is kept
    ///     between runs, an entry per file, keyed by the file's modification date and size;
    ///     nil to read every file.
    /// - Returns: The plan (nil on any error) and the problems to print.
    @_optimize(none)
    public static func generate(
        libraries: [WiringLibrarySources], core: [WiringLibrarySources], app: [String], cache: String? = nil
    ) -> GenerationResult {
        var problems: [SourceProblem] = []
        var plan = LinkedWiringPlan()
        var scannedLibraries: [GraphCheck.Library] = []
        for library in libraries.sorted(by: { $0.module < $1.module }) {
            let scans = cache.map { SummaryCache<ScannedFile>(folder: $0, kind: "wiring") }
            var scanned: [ScannedFile] = []
            for path in library.files.sorted() {
                let key = scans.flatMap { _ in SummaryCache<ScannedFile>.key(of: path) }
                if let cached = scans?.summary(of: path, key: key) {
                    scanned.append(cached)
                    continue
                }
                do throws(SourceProblem) {
                    var file = try FileScanner.scan(text: try readSource(path), path: path)
                    // Each body is read here once, so that the cache keeps the reading.
                    for position in file.types.indices {
                        if let body = file.types[position].configureBody { file.types[position].configureBody?.reading = body.read }
                    }
                    scans?.store(file, of: path, key: key)
                    scanned.append(file)
                } catch {
                    problems.append(error)
                }
            }
            let (libraryPlan, libraryProblems) = ModuleCatalog.plan(library: library.module, files: scanned)
            plan.included += libraryPlan.included
            plan.leftOut += libraryPlan.leftOut
            plan.warnings += libraryPlan.warnings
            problems += libraryProblems
            scannedLibraries.append(GraphCheck.Library(module: library.module, files: scanned, dependencies: library.dependencies))
        }
        guard problems.isEmpty else { return GenerationResult(plan: nil, problems: problems + plan.warnings) }
        plan.included.sort { ($0.library, $0.reference) < ($1.library, $1.reference) }
        plan.leftOut.sort { $0.name < $1.name }

        var warnings: [SourceProblem] = []
        var coreLibraries: [GraphCheck.CoreLibrary] = []
        for library in core {
            let summaries = cache.map { SummaryCache<DeclarationFacts>(folder: $0, kind: "core") }
            var readable = true
            var facts = DeclarationFacts(files: [])
            for path in library.files.sorted() {
                let key = summaries.flatMap { _ in SummaryCache<DeclarationFacts>.key(of: path) }
                if let cached = summaries?.summary(of: path, key: key) {
                    facts.add(cached)
                    continue
                }
                do throws(SourceProblem) {
                    let fileFacts = DeclarationFacts(files: [try FileScanner.scan(text: try readSource(path), path: path)])
                    summaries?.store(fileFacts, of: path, key: key)
                    facts.add(fileFacts)
                } catch {
                    warnings.append(unreadable(error))
                    readable = false
                }
            }
            coreLibraries.append(GraphCheck.CoreLibrary(module: library.module, names: readable ? GraphCheck.names(of: facts) : nil, facts: facts))
        }
        var appTokens: [[Token]]? = []
        for path in app.sorted() {
            do throws(SourceProblem) {
                appTokens?.append(try Lexer(text: try readSource(path), file: path).tokens)
            } catch {
                warnings.append(unreadable(error))
                appTokens = nil
            }
        }
        guard let appTokens else { return GenerationResult(plan: plan, problems: plan.warnings + warnings) }
        var appSummary = GraphCheck.App(tokens: appTokens)
        if appSummary.includesLinkedWiring, !GraphCheck.App.rootsValidatedWithTheSiblingRule(appTokens).isEmpty {
            // Only then are the app's files scanned for the root those calls validate.
            var appFiles: [ScannedFile]? = []
            for path in app.sorted() {
                do throws(SourceProblem) {
                    appFiles?.append(try FileScanner.scan(text: try readSource(path), path: path))
                } catch {
                    appFiles = nil
                }
            }
            appSummary.asksForTheSiblingRule = appFiles.map { GraphCheck.App.validatesWithTheSiblingRule(tokens: appTokens, files: $0) } ?? false
        }
        let checked = GraphCheck.run(libraries: scannedLibraries, core: coreLibraries, app: appSummary, plan: plan)
        let failed = checked.contains { $0.severity == .error }
        return GenerationResult(plan: failed ? nil : plan, problems: plan.warnings + warnings + checked)
    }

    /// The generated tests of a test target: one per root component of the modules it depends
    /// on. A file the scan cannot read is a warning naming it, and its roots get no test.
    ///
    /// - Parameters:
    ///   - modules: The source modules the test target depends on, with their files.
    ///   - target: The test target's name.
    /// - Returns: The file's text and the warnings.
    @_optimize(none)
    public static func rootTests(modules: [WiringLibrarySources], target: String) -> (text: String, warnings: [SourceProblem]) {
        var warnings: [SourceProblem] = []
        var scanned: [(module: String, files: [ScannedFile])] = []
        var tokens: [String: [[Token]]] = [:]
        var paths: [String: String] = [:]
        var clashing: Set<String> = []
        for module in modules {
            var files: [ScannedFile] = []
            for path in module.files.sorted() {
                let fileID = module.module + "/" + (path.split(separator: "/").last.map(String.init) ?? path)
                if paths[fileID] != nil { clashing.insert(fileID) }
                paths[fileID] = path
                do throws(SourceProblem) {
                    let text = try readSource(path)
                    tokens[module.module, default: []].append(try Lexer(text: text, file: path).tokens)
                    files.append(try FileScanner.scan(text: text, path: path))
                } catch {
                    warnings.append(SourceProblem(
                        file: error.file, line: error.line, column: error.column, severity: .warning,
                        message: "the generated root tests cannot read this file, so a root component it declares gets no test: \(error.message)"
                    ))
                }
            }
            scanned.append((module.module, files))
        }
        for fileID in clashing { paths[fileID] = nil }
        let (roots, rootWarnings) = RootTestGeneration.roots(in: scanned, tokens: tokens)
        let text = RootTestGeneration.render(roots: roots, paths: paths, target: target)
        return (text, warnings + rootWarnings)
    }

    /// The warning for a file the graph checks cannot read.
    @_optimize(none)
    private static func unreadable(_ problem: SourceProblem) -> SourceProblem {
        SourceProblem(
            file: problem.file, line: problem.line, column: problem.column, severity: .warning,
            message: "the graph checks cannot read this file, so they say nothing of what it declares: \(problem.message)"
        )
    }

    /// The text of a Swift file.
    ///
    /// - Parameter path: The file.
    /// - Returns: Its text.
    /// - Throws: A ``SourceProblem`` when the file cannot be read, or is not UTF-8 (naming the
    ///   line of the first byte that is not).
    @_optimize(none)
    public static func readSource(_ path: String) throws(SourceProblem) -> String {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else {
            throw SourceProblem(file: path, line: nil, message: "cannot read this file: it does not exist; LinkedWiring reads every file of a linked wiring library")
        }
        // Not `fileExists(atPath:isDirectory:)`, whose pointer argument strict memory safety refuses.
        let isDirectory = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeDirectory
        guard !isDirectory, manager.isReadableFile(atPath: path), let data = manager.contents(atPath: path) else {
            throw SourceProblem(file: path, line: nil, message: "cannot read this file: permission denied or not a regular file; LinkedWiring reads every file of a linked wiring library")
        }
        let bytes = [UInt8](data)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar): offset += scalar.count
            case .error, .emptyInput: break parsing
            }
        }
        let line = bytes[..<offset].count { $0 == UInt8(ascii: "\n") } + 1
        let column = offset - (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        throw SourceProblem(file: path, line: line, column: column, message: "cannot read this file: it is not UTF-8 text (byte \(offset))")
    }

    /// The source of `LinkedWiring.swift`.
    ///
    /// - Parameters:
    ///   - plan: The modules to include and those left out.
    ///   - target: The name of the target the file is generated for.
    ///   - isPublic: Whether `LinkedWiring` is public: for a library target, so that the apps
    ///     that link it share the root it declares, or include its `LinkedWiring` in theirs.
    /// - Returns: The file's text.
    @_optimize(none)
    public static func render(_ plan: LinkedWiringPlan, target: String, isPublic: Bool = false) -> String {
        let access = isPublic ? "public " : ""
        var lines = [
            "// Generated by the LinkedWiring plugin for the target \(target): do not edit.",
            "//",
            "// LinkedWiring includes every public module of the wiring libraries the target links whose",
            "// scope is Unscoped or Singleton; see \"Composing roots from linked libraries\" in Wiring's",
            "// documentation.",
        ]
        if !plan.leftOut.isEmpty {
            lines += ["//", "// Left out:"]
            lines += plan.leftOut.map { "//   \($0.name) (\($0.location)): \($0.reason)" }
        }
        lines.append("")
        var imports = Set(plan.included.map(\.library)).union(plan.included.flatMap(\.imports))
        imports.insert("Wiring")
        lines += imports.sorted().map { $0 == "Wiring" ? "\(access)import Wiring" : "import \($0)" }
        lines += [
            "",
            "/// The modules of every wiring library this target links. A root component includes it:",
            "/// `binder.include(module: LinkedWiring.self)`.",
            "\(access)struct LinkedWiring: Wiring.Module {",
            "    \(access)typealias Scope = Wiring.Singleton",
            "",
            "    \(access)static func configure(binder: Wiring.Binder<Wiring.Singleton>) {",
        ]
        var start = 0
        while start < plan.included.count {
            let first = plan.included[start]
            let end = plan.included[start...].firstIndex { $0.library != first.library || $0.reference != first.reference } ?? plan.included.count
            lines += includes(of: Array(plan.included[start..<end]))
            start = end
        }
        lines += ["    }", "}", ""]
        return lines.joined(separator: "\n")
    }
}

extension LinkedWiringGeneration {
    /// The lines that include one module, from `configure`'s body: under its `#if` conditions,
    /// and for a module declared in several `#if` branches, in one `#if` … `#elseif` chain (a
    /// declaration outside every `#if` is its `#else`), so that it is included at most once.
    ///
    /// - Parameter branches: The module's declarations, in the library's order; at least one.
    /// - Returns: The lines, indented for the body.
    @_optimize(none)
    static func includes(of branches: [IncludedModule]) -> [String] {
        let conditional = branches.filter { !$0.conditions.isEmpty }
        let unconditional = branches.first { $0.conditions.isEmpty }
        guard !conditional.isEmpty else { return unconditional.map(include) ?? [] }
        var lines: [String] = []
        for (position, module) in conditional.enumerated() {
            let condition = module.conditions.count == 1 ? module.conditions[0] : module.conditions.map { "(\($0))" }.joined(separator: " && ")
            lines.append("        #\(position == 0 ? "if" : "elseif") \(condition)")
            lines += include(module)
        }
        if let unconditional {
            lines.append("        #else")
            lines += include(unconditional)
        }
        lines.append("        #endif")
        return lines
    }

    /// The statement that includes a module, inside `if #available` when it has availability.
    @_optimize(none)
    private static func include(_ module: IncludedModule) -> [String] {
        let statement = "binder.include(module: \(module.reference).self)"
        guard !module.availability.isEmpty else { return ["        " + statement] }
        return ["        if #available(\((module.availability + ["*"]).joined(separator: ", "))) {", "            " + statement, "        }"]
    }
}

/// Every problem that keeps the generator from writing a complete `LinkedWiring`.
public struct GenerationFailure: Error, Equatable, Sendable {
    /// The problems, in the order the files were read.
    public var problems: [SourceProblem]
}
