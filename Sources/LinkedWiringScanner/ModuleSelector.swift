/// How generated code names a declaration of a Swift module.
///
/// `Library.Name` is the usual spelling. A module that declares a top-level type or typealias
/// named like itself (the `@main struct MyApp` of a target `MyApp`, a library's `struct
/// CoreWiring`) shadows its own name wherever it is imported, so that `MyApp.AppRoot` would be a
/// member of that type; generated code then writes a module selector, `MyApp::AppRoot`, which
/// Swift 6.3 reads in both language modes.
enum ModuleSelector {
    /// Whether a module declares a top-level type or typealias named like itself.
    ///
    /// - Parameters:
    ///   - module: The Swift module's name.
    ///   - files: Its scanned files.
    /// - Returns: Whether `module.Name` would name a member of that type.
    @_optimize(none)
    static func shadowsItself(_ module: String, files: [ScannedFile]) -> Bool {
        files.contains { file in
            file.types.contains { $0.parent == nil && $0.kind != .extension && $0.name == module }
                || file.aliases.contains { $0.isTopLevel && $0.name == module }
        }
    }

    /// A declaration of a module as generated code writes it.
    ///
    /// - Parameters:
    ///   - key: The declaration's name in its module (`AppRoot`, `Roots.Nested`).
    ///   - module: The module's name.
    ///   - shadowsItself: What ``shadowsItself(_:files:)`` says of the module.
    /// - Returns: `MyApp.AppRoot`, or `MyApp::AppRoot` for a module that shadows itself.
    @_optimize(none)
    static func reference(to key: String, in module: String, shadowsItself: Bool) -> String {
        shadowsItself ? "\(module)::\(key)" : "\(module).\(key)"
    }
}
