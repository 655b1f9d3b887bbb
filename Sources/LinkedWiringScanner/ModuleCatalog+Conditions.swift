/// The `#if` conditions around a module that `LinkedWiring` cannot carry into the app's target.
///
/// A condition is copied around the module's include, where the app's target evaluates it. The
/// platform, the compiler and the configuration (`os(iOS)`, `compiler(>=6.0)`,
/// `canImport(UIKit)`, `DEBUG`) read the same in every target of a build; what a target's own
/// settings decide may not: a flag it defines (`swiftSettings: [.define("DEBUG_WIRING")]`), its
/// language mode (`swift(>=6)`, with `.swiftLanguageMode(.v5)`) and the features it enables
/// (`hasFeature(ExistentialAny)`, `$ExistentialAny`). A module under one of those is left out,
/// with a warning, rather than included where it may not exist or left out where it is needed.
extension ModuleCatalog {
    /// The functions of `#if` conditions whose answer is the same in every target of a build.
    /// (`hasAttribute` asks whether the compiler knows an attribute, whatever the target enables.)
    private static let buildWideFunctions: Set<String> = [
        "os", "arch", "canImport", "compiler", "targetEnvironment", "hasAttribute",
        "_endian", "_pointerBitWidth", "_runtime", "_hasAtomicBitWidth", "_ptrauth",
    ]

    /// The flags that every target of a build shares: the configuration's, and the literals.
    private static let buildWideFlags: Set<String> = ["DEBUG", "true", "false"]

    /// The tests of a rendered condition that a target's own settings decide, as written and in
    /// order: its flags (`DEBUG_WIRING`), and its checks of the language mode and the features
    /// (`swift(>=6)`, `hasFeature(ExistentialAny)`, `$ExistentialAny`), like any function the
    /// build does not share.
    ///
    /// - Parameter condition: A condition as the scan renders it (`!(os(iOS)) && (DEBUG_WIRING)`).
    /// - Returns: `["DEBUG_WIRING"]` for that condition; empty for one of the build alone.
    @_optimize(none)
    static func targetFlags(in condition: String) -> [String] {
        var flags: [String] = []
        var characters = Substring(condition)
        while let start = characters.firstIndex(where: { $0.isLetter || $0 == "_" || $0 == "$" }) {
            var word = characters[start...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            characters = characters[word.endIndex...]
            if characters.first == "(" {
                // A function: its argument (`os(iOS)`, `swift(>=6)`) is no flag.
                let argument = characters.prefix { $0 != ")" }
                characters = characters[argument.endIndex...].dropFirst()
                if buildWideFunctions.contains(String(word)) { continue }
                word = condition[word.startIndex..<characters.startIndex]
            }
            if !buildWideFlags.contains(String(word)), !flags.contains(String(word)) { flags.append(String(word)) }
        }
        return flags
    }

    /// Whether a test that `targetFlags(in:)` returns is a flag, not a check of a setting.
    @_optimize(none)
    private static func isFlag(_ test: String) -> Bool {
        !test.hasPrefix("$") && !test.contains("(")
    }

    /// Why a module under such tests is left out, for the generated file's list.
    @_optimize(none)
    static func leftOutReason(flags: [String]) -> String {
        let named = flags.map { "`\($0)`" }.joined(separator: ", ")
        guard flags.allSatisfy(isFlag) else { return "it is under an #if of \(named), which its target's own settings decide" }
        return "it is under an #if of \(named), a flag of its target's own"
    }

    /// The warning for a module left out because a flag or a setting of its target's own guards it.
    @_optimize(none)
    static func leftOutForFlags(module: String, flags: [String]) -> String {
        let named = flags.map { "`\($0)`" }.joined(separator: ", ")
        guard flags.allSatisfy(isFlag) else {
            return "the module \(module) is left out of LinkedWiring because it is under an #if of \(named), which its target's own "
                + "settings decide (the flags it defines, its Swift language mode, the features it enables), and the app's target may "
                + "not share them. To fix this, include it yourself in a root whose target has the same settings, or test a condition "
                + "that every target shares (os(…), compiler(…), canImport(…), DEBUG)."
        }
        return "the module \(module) is left out of LinkedWiring because it is under an #if of \(named), a flag that its "
            + "target may define for itself and the app's target may not share. To fix this, include it yourself in a root "
            + "where the flag is set, or test a condition that every target shares (os(…), canImport(…), DEBUG)."
    }
}
