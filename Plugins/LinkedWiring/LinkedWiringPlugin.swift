import Foundation
import PackagePlugin

/// Generates, for the target it is applied to, a module named `LinkedWiring` that includes every
/// module of every wiring library the target links, directly or not, and checks the graph those
/// modules make where it needs no types (see "Build-time checks" in Wiring's documentation).
///
/// A wiring library is a linked library target that depends on Wiring (the target or the
/// product named `Wiring`, `WiringCleanse` or `WiringTesting`), directly or through any of its
/// dependencies, such as an umbrella target that re-exports Wiring. The generator scans each
/// one's Swift files, those of the core libraries it depends on (those that are no wiring
/// library), and the target's own; those files are the build command's inputs, so it runs
/// again only when one of them changes (or when the set of linked libraries does), and
/// `LinkedWiring.swift` is its output.
///
/// The generator is this plugin's own executable, run by the build command with
/// ``Generator/flag`` first (see ``PluginEntry``): SwiftPM compiles a plugin once per clean
/// build, where a tool of its own, an executable target, would be built in every clean build of
/// every app that applies the plugin, twice (SwiftPM builds plugins' tools in a build of their
/// own, then again in the main build). The scanner's sources are compiled into the plugin:
/// `LinkedWiringScanner` in this folder links to `Sources/LinkedWiringScanner`.
///
/// On a library target, `LinkedWiring` is public: a root component declared in the library is
/// shared by every app that links it, and an app's own root may include the library's
/// `LinkedWiring`. On an app or a test target, it is internal.
struct LinkedWiringPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let linked = target.recursiveTargetDependencies.compactMap { $0 as? SwiftSourceModuleTarget }
        let appFiles = target.sourceFiles(withSuffix: "swift").map(\.url)
        let tool = try Generator.executable()
        var commands = [
            Self.command(
                linked: linked, appFiles: appFiles, targetName: target.name, workDirectory: context.pluginWorkDirectoryURL, tool: tool,
                isPublic: target.kind == .generic
            ),
        ]
        if target.kind == .test {
            commands.append(Self.rootTestsCommand(linked: linked, targetName: target.name, workDirectory: context.pluginWorkDirectoryURL, tool: tool))
        }
        return commands
    }

    /// The command that generates, for a test target, one test per root component of the
    /// targets it depends on (see "Build-time checks" in Wiring's documentation).
    static func rootTestsCommand(linked: [SwiftSourceModuleTarget], targetName: String, workDirectory: URL, tool: URL) -> Command {
        let output = workDirectory.appending(path: "LinkedWiringRootTests.swift")
        var arguments = [Generator.flag, "--tests-output", output.path(percentEncoded: false), "--target", targetName]
        var inputs = [tool]
        let modules = linked
            .filter { !wiringItself.contains($0.name) }
            .reduce(into: [String: SwiftSourceModuleTarget]()) { $0[$1.moduleName] = $1 }
        for (module, source) in modules.sorted(by: { $0.key < $1.key }) {
            let files = swiftFiles(of: source)
            arguments += ["--roots", module] + files.map { $0.path(percentEncoded: false) }
            inputs += files
        }
        return .buildCommand(
            displayName: "Generating LinkedWiring's root tests for \(targetName)",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs,
            outputFiles: [output]
        )
    }

    /// The generator's command for an app target that links `linked` and has `appFiles`;
    /// `isPublic` for a library target, whose `LinkedWiring` its apps share.
    static func command(
        linked: [SwiftSourceModuleTarget], appFiles: [URL], targetName: String, workDirectory: URL, tool: URL, isPublic: Bool = false
    ) -> Command {
        let libraries = linked
            .filter { $0.kind == .generic && !wiringItself.contains($0.name) && dependsOnWiring($0) }
            .reduce(into: [String: SwiftSourceModuleTarget]()) { $0[$1.moduleName] = $1 }
            .values.sorted { $0.moduleName < $1.moduleName }
        let wiringNames = Set(libraries.map(\.name)).union(wiringItself)
        let output = workDirectory.appending(path: "LinkedWiring.swift")
        let cache = workDirectory.appending(path: "LinkedWiringCache")
        var arguments = [
            Generator.flag, "--output", output.path(percentEncoded: false), "--target", targetName,
            "--cache", cache.path(percentEncoded: false),
        ]
        if isPublic { arguments.append("--public") }
        // The generator is an input too, so that a new version of the plugin generates again.
        var inputs = [tool]
        var core: [String: SwiftSourceModuleTarget] = [:]
        for library in libraries {
            let files = swiftFiles(of: library)
            arguments += ["--library", library.moduleName] + files.map { $0.path(percentEncoded: false) }
            inputs += files
            let seen = library.recursiveTargetDependencies
                .compactMap { $0 as? SwiftSourceModuleTarget }
                .filter { !wiringNames.contains($0.name) }
            if !seen.isEmpty {
                arguments += ["--uses"] + seen.map(\.moduleName).sorted()
            }
            for dependency in seen { core[dependency.moduleName] = dependency }
        }
        for (module, library) in core.sorted(by: { $0.key < $1.key }) {
            let files = swiftFiles(of: library)
            arguments += ["--core", module] + files.map { $0.path(percentEncoded: false) }
            inputs += files
        }
        let app = appFiles.sorted { $0.path() < $1.path() }
        arguments += ["--app"] + app.map { $0.path(percentEncoded: false) }
        inputs += app
        return .buildCommand(
            displayName: "Generating LinkedWiring for \(targetName) from \(libraries.count) wiring \(libraries.count == 1 ? "library" : "libraries")",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs,
            outputFiles: [output]
        )
    }

    /// The targets of Wiring itself, which are no wiring library.
    private static let wiringItself: Set<String> = ["Wiring", "WiringCleanse", "WiringTesting"]

    private static func swiftFiles(of target: SwiftSourceModuleTarget) -> [URL] {
        target.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path() < $1.path() }
    }

    /// Whether a target reaches a target of Wiring itself (`Wiring`, `WiringCleanse`, through
    /// which code written for Cleanse gets Wiring, or `WiringTesting`), directly or through any
    /// of its dependencies: an umbrella that does `@_exported import Wiring`, another wiring
    /// library. Such a target is a wiring library. The targets reached include those of the
    /// products it depends on, `Wiring`'s among them.
    private static func dependsOnWiring(_ target: SwiftSourceModuleTarget) -> Bool {
        target.recursiveTargetDependencies.contains { wiringItself.contains($0.name) }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same generation and checks for an app target of an Xcode project: its wiring libraries
/// are the targets of the package products it links. Written without an Xcode to compile it
/// (this repository's CI runs on Linux), so it uses only `dependencies`, `inputFiles` and the
/// shared ``LinkedWiringPlugin/command(linked:appFiles:targetName:workDirectory:tool:)``.
extension LinkedWiringPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        var linked: [SwiftSourceModuleTarget] = []
        for case let .product(product) in target.dependencies {
            for packageTarget in product.targets {
                if let source = packageTarget as? SwiftSourceModuleTarget { linked.append(source) }
                linked += packageTarget.recursiveTargetDependencies.compactMap { $0 as? SwiftSourceModuleTarget }
            }
        }
        let appFiles = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        return [
            try Self.command(
                linked: linked, appFiles: appFiles, targetName: target.displayName,
                workDirectory: context.pluginWorkDirectoryURL, tool: Generator.executable()
            ),
        ]
    }
}
#endif
