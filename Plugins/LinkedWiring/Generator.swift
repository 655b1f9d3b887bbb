import Foundation

/// The generator the plugin's build commands run: this plugin's own executable, started with
/// ``flag`` and these arguments:
///
///     LinkedWiring --linked-wiring-generate --output PATH --target NAME [--public]
///         [--library MODULE FILE... [--uses MODULE...]]...
///         [--core MODULE FILE...]... [--app FILE...] [--cache PATH]
///     LinkedWiring --linked-wiring-generate --tests-output PATH --target NAME [--roots MODULE FILE...]...
///
/// It scans the Swift files of each wiring library (`--uses` names the core libraries a wiring
/// library sees, `--core` gives their files, `--app` the files of the target the plugin is
/// applied to; `--cache` a folder where what each library's files hold is kept between runs),
/// runs the graph checks on the modules LinkedWiring includes, prints every problem
/// (`file:line:column: error: …`, `warning:` or `note:`) on standard error, and writes
/// LinkedWiring.swift to PATH and exits 0 when none is an error; otherwise it exits 1, so that
/// the build fails at the line of the mistake instead of leaving a module out or launching a
/// graph that `of` rejects. `--public` (for a library target) makes `LinkedWiring` public, so
/// that the apps that link the library can share a root component it declares. With
/// `--tests-output`, it writes instead one test per root component of the `--roots` modules
/// (those a test target depends on).
enum Generator {
    /// The first argument that makes the plugin's executable the generator.
    static let flag = "--linked-wiring-generate"

    /// The path of this executable, which the build commands run.
    static func executable() throws -> URL {
        guard let url = Bundle.main.executableURL ?? CommandLine.arguments.first.map({ URL(fileURLWithPath: $0) }) else {
            throw GeneratorPathError()
        }
        return url
    }

    /// Runs the generator on `arguments` (the ones after ``flag``) and exits.
    static func run(_ arguments: ArraySlice<String>) -> Never {
        func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            exit(1)
        }

        enum Section {
            case none, library, uses, core, app, roots
        }

        var output: String?
        var isPublic = false
        var target = "this target"
        var libraries: [WiringLibrarySources] = []
        var core: [WiringLibrarySources] = []
        var app: [String] = []
        var testsOutput: String?
        var cache: String?
        var rootModules: [WiringLibrarySources] = []
        var section = Section.none
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--output":
                output = arguments.popFirst()
            case "--public":
                isPublic = true
            case "--target":
                target = arguments.popFirst() ?? target
            case "--library":
                guard let module = arguments.popFirst() else { fail("LinkedWiring: the generator: --library needs a module name") }
                libraries.append(WiringLibrarySources(module: module, files: []))
                section = .library
            case "--uses":
                guard !libraries.isEmpty else { fail("LinkedWiring: the generator: --uses comes after a --library") }
                section = .uses
            case "--core":
                guard let module = arguments.popFirst() else { fail("LinkedWiring: the generator: --core needs a module name") }
                core.append(WiringLibrarySources(module: module, files: []))
                section = .core
            case "--app":
                section = .app
            case "--cache":
                cache = arguments.popFirst()
            case "--tests-output":
                testsOutput = arguments.popFirst()
            case "--roots":
                guard let module = arguments.popFirst() else { fail("LinkedWiring: the generator: --roots needs a module name") }
                rootModules.append(WiringLibrarySources(module: module, files: []))
                section = .roots
            default:
                guard !argument.hasPrefix("--") else { fail("LinkedWiring: the generator: unexpected argument \(argument)") }
                switch section {
                case .none: fail("LinkedWiring: the generator: unexpected argument \(argument)")
                case .library: libraries[libraries.count - 1].files.append(argument)
                case .uses: libraries[libraries.count - 1].dependencies.append(argument)
                case .core: core[core.count - 1].files.append(argument)
                case .app: app.append(argument)
                case .roots: rootModules[rootModules.count - 1].files.append(argument)
                }
            }
        }
        if let testsOutput {
            let (text, warnings) = LinkedWiringGeneration.rootTests(modules: rootModules, target: target)
            if !warnings.isEmpty {
                FileHandle.standardError.write(Data((warnings.map(\.description).joined(separator: "\n") + "\n").utf8))
            }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: testsOutput), options: .atomic)
            } catch {
                fail("\(testsOutput): error: LinkedWiring: cannot write the generated tests: \(error.localizedDescription)")
            }
            exit(0)
        }
        guard let output else { fail("usage: LinkedWiring --linked-wiring-generate --output PATH --target NAME [--library MODULE FILE...]...") }

        let result = LinkedWiringGeneration.generate(libraries: libraries, core: core, app: app, cache: cache)
        if !result.problems.isEmpty {
            FileHandle.standardError.write(Data((result.problems.map(\.description).joined(separator: "\n") + "\n").utf8))
        }
        guard let plan = result.plan else { exit(1) }
        let text = LinkedWiringGeneration.render(plan, target: target, isPublic: isPublic)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            fail("\(output): error: LinkedWiring: cannot write the generated file: \(error.localizedDescription)")
        }

        exit(0)
    }
}

/// The plugin could not tell the path of its own executable.
struct GeneratorPathError: Error, CustomStringConvertible {
    var description: String {
        "LinkedWiring: the plugin cannot tell the path of its own executable, which generates LinkedWiring.swift. Build again; if it persists, report it with the output of `swift build -v`."
    }
}
