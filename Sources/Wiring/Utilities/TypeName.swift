/// Names of types as diagnostics and graph exports print them.
enum TypeName {
    /// The short name as Swift 6 code spells it: `any NetworkExecutor`, `[Plugin]`,
    /// `Provider<Clock>`.
    static func of(_ type: any Any.Type) -> String {
        let name = shorten(String(describing: type))
        guard TypeKind.of(type).isExistential, !name.hasPrefix("any "), name != "Any", name != "AnyObject" else { return name }
        return "any " + name
    }

    /// The expression that names the type's metatype in code: `(any NetworkExecutor).self`.
    static func metatypeExpression(_ type: any Any.Type) -> String {
        let name = of(type)
        return name.hasPrefix("any ") ? "(\(name)).self" : "\(name).self"
    }

    /// The name without `any `, for comparing names.
    static func bare(_ name: String) -> String {
        name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
    }

    /// The name with its Swift module: `any Network.NetworkExecutor`, `Swift.Array<ATM.Plugin>`.
    ///
    /// Types private to a file print with an `(unknown context at $…)` segment, which is left
    /// out: it changes from build to build.
    static func qualified(_ type: any Any.Type) -> String {
        var name = String(reflecting: type)
        while let start = name.firstRange(of: "(unknown context at $"),
              let end = name[start.upperBound...].firstRange(of: ").") {
            name.removeSubrange(start.lowerBound..<end.upperBound)
        }
        guard TypeKind.of(type).isExistential, !name.hasPrefix("any "), name != "Any", name != "Swift.AnyObject" else { return name }
        return "any " + name
    }

    /// The Swift module that declares a nominal type, or nil for structural types.
    static func module(of type: any Any.Type) -> String? {
        var name = String(reflecting: type)
        if name.hasPrefix("any ") { name.removeFirst(4) }
        guard let dot = name.firstIndex(of: "."), !name.hasPrefix("("), !name.hasPrefix("[") else { return nil }
        let module = name[..<dot]
        guard module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(module)
    }

    /// Rewrites `Array<X>` as `[X]` and `Optional<X>` as `X?`, the way Swift code spells them.
    private static func shorten(_ name: String) -> String {
        if name.hasPrefix("Array<"), name.hasSuffix(">") {
            return "[" + shorten(String(name.dropFirst(6).dropLast())) + "]"
        }
        if name.hasPrefix("Optional<"), name.hasSuffix(">") {
            return shorten(String(name.dropFirst(9).dropLast())) + "?"
        }
        return name
    }
}
