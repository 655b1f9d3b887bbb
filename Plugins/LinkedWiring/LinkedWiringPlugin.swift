import Foundation
import PackagePlugin

/// Generates, for the target it is applied to, a module named `LinkedWiring` that includes every
/// module of every wiring library the target links, directly or not.
///
/// A wiring library is a linked library target that depends on Wiring (the target or the
/// product named `Wiring`). The generator scans each one's Swift files; those files are the
/// build command's inputs, so it runs again only when one of them changes (or when the set of
/// linked libraries does), and `LinkedWiring.swift` is its output.
@main
struct LinkedWiringPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let libraries = target.recursiveTargetDependencies
            .compactMap { $0 as? SwiftSourceModuleTarget }
            .filter { $0.kind == .generic && $0.name != "Wiring" && Self.dependsOnWiring($0) }
            .sorted { $0.moduleName < $1.moduleName }
        let output = context.pluginWorkDirectoryURL.appending(path: "LinkedWiring.swift")
        var arguments = ["--output", output.path(percentEncoded: false), "--target", target.name]
        var inputs: [URL] = []
        for library in libraries {
            let files = library.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path() < $1.path() }
            arguments += ["--library", library.moduleName] + files.map { $0.path(percentEncoded: false) }
            inputs += files
        }
        return [
            .buildCommand(
                displayName: "Generating LinkedWiring for \(target.name) from \(libraries.count) wiring \(libraries.count == 1 ? "library" : "libraries")",
                executable: try context.tool(named: "LinkedWiringGenerator").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }

    /// Whether a target depends directly on the target or product named `Wiring`.
    private static func dependsOnWiring(_ target: SwiftSourceModuleTarget) -> Bool {
        target.dependencies.contains { dependency in
            switch dependency {
            case let .target(dependency): dependency.name == "Wiring"
            case let .product(product): product.name == "Wiring"
            @unknown default: false
            }
        }
    }
}
