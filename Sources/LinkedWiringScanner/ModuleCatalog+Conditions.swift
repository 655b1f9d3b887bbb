/// The `#if` conditions around a module that `LinkedWiring` cannot carry into the app's target.
///
/// A condition is copied around the module's include, where the app's target evaluates it. The
/// platform, the compiler and the configuration (`os(iOS)`, `canImport(UIKit)`, `DEBUG`) read the
/// same in every target of a build; a flag that a target defines for itself
/// (`swiftSettings: [.define("DEBUG_WIRING")]`) may not, so a module under one is left out, with
/// a warning, rather than included where it may not exist or left out where it is needed.
extension ModuleCatalog {
    /// The functions of `#if` conditions whose answer is the same in every target of a build.
    private static let buildWideFunctions: Set<String> = [
        "os", "arch", "canImport", "compiler", "swift", "targetEnvironment", "hasFeature", "hasAttribute",
        "_endian", "_pointerBitWidth", "_runtime", "_hasAtomicBitWidth", "_ptrauth",
    ]

    /// The flags that every target of a build shares: the configuration's, and the literals.
    private static let buildWideFlags: Set<String> = ["DEBUG", "true", "false"]

    /// The flags a rendered condition tests that a target may define for itself, in order.
    ///
    /// - Parameter condition: A condition as the scan renders it (`!(os(iOS)) && (DEBUG_WIRING)`).
    /// - Returns: `["DEBUG_WIRING"]` for that condition; empty for one of the build alone.
    @_optimize(none)
    static func targetFlags(in condition: String) -> [String] {
        var flags: [String] = []
        var characters = Substring(condition)
        while let start = characters.firstIndex(where: { $0.isLetter || $0 == "_" }) {
            let word = characters[start...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            characters = characters[word.endIndex...]
            if characters.first == "(", buildWideFunctions.contains(String(word)) {
                // The function's argument (`os(iOS)`) is no flag.
                characters = characters.drop { $0 != ")" }
                continue
            }
            if !buildWideFlags.contains(String(word)), !flags.contains(String(word)) { flags.append(String(word)) }
        }
        return flags
    }

    /// The warning for a module left out because a flag of its target's own guards it.
    @_optimize(none)
    static func leftOutForFlags(module: String, flags: [String]) -> String {
        let named = flags.map { "`\($0)`" }.joined(separator: ", ")
        return "the module \(module) is left out of LinkedWiring because it is under an #if of \(named), a flag that its "
            + "target may define for itself and the app's target may not share. To fix this, include it yourself in a root "
            + "where the flag is set, or test a condition that every target shares (os(…), canImport(…), DEBUG)."
    }
}
