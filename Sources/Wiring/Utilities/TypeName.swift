/// Names of types as diagnostics and graph exports print them.
enum TypeName {
    /// The short name as Swift 6 code spells it: `any NetworkExecutor`, `[Plugin]`,
    /// `Provider<Clock>`.
    static func of(_ type: any Any.Type) -> String {
        // Swift's own printing leaves `any` out of generic arguments: `Provider<NetworkExecutor>`.
        if let generic = type as? any SpelledGenericType.Type {
            return generic.spelledName
        }
        let name = shorten(String(describing: type))
        guard TypeKind.of(type).isExistential, !name.hasPrefix("any "), name != "Any", name != "AnyObject" else { return name }
        return "any " + name
    }

    // Cold: the spellings marked are for messages and graph exports only; `of(_:)` is not marked,
    // `of` names each component with it. `@_optimize(none)` here and below keeps the optimiser off
    // it (Benchmarks/README.md, "Cold code, not optimised").
    /// The expression that names the type's metatype in code: `(any NetworkExecutor).self`.
    @_optimize(none)
    static func metatypeExpression(_ type: any Any.Type) -> String {
        let name = of(type)
        return name.hasPrefix("any ") ? "(\(name)).self" : "\(name).self"
    }

    /// The name without `any `, for comparing names.
    @_optimize(none)
    static func bare(_ name: String) -> String {
        name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
    }

    /// The name with its Swift module: `any Network.NetworkExecutor`, `Swift.Array<ATM.Plugin>`.
    ///
    /// Types private to a file print with an `(unknown context at $…)` segment, which is left
    /// out: it changes from build to build.
    @_optimize(none)
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

    /// The key and value types of a dictionary's short name: `("String", "any Handler")` for
    /// `[String: any Handler]`; nil for any other name.
    @_optimize(none)
    static func dictionaryParts(_ name: String) -> (key: String, value: String)? {
        guard name.hasPrefix("["), name.hasSuffix("]") else { return nil }
        let inner = name.dropFirst().dropLast()
        var depth = 0
        for index in inner.indices {
            switch inner[index] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case ":" where depth == 0:
                let value = inner[inner.index(after: index)...].drop { $0 == " " }
                return (String(inner[..<index]), String(value))
            default: break
            }
        }
        return nil
    }

    /// Rewrites `Array<X>` as `[X]`, `Dictionary<K, V>` as `[K: V]` and `Optional<X>` as `X?`,
    /// the way Swift code spells them, in generic arguments too: `Provider<[String: Route]>`.
    ///
    /// A name with none of the three in it is returned as it is, after one scan: rewriting its
    /// arguments level by level costs time quadratic in how deep they nest, and a chain of
    /// bindings of nested generic types, `Above<Above<…>>`, names one such type per binding.
    private static func shorten(_ name: String) -> String {
        guard name.hasSuffix(">"), let open = name.firstIndex(of: "<") else { return name }
        guard name.contains("Array<") || name.contains("Optional<") || name.contains("Dictionary<") else { return name }
        let base = name[..<open]
        guard !base.contains(where: { "<>[](), ".contains($0) }) else { return name }
        let arguments = splitArguments(name[name.index(after: open)..<name.index(before: name.endIndex)]).map(shorten)
        switch (base, arguments.count) {
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Optional", 1): return "\(arguments[0])?"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return "\(base)<\(arguments.joined(separator: ", "))>"
        }
    }

    /// The generic arguments of `A, B<C, D>`: `["A", "B<C, D>"]`.
    private static func splitArguments(_ arguments: Substring) -> [String] {
        var parts: [String] = []
        var start = arguments.startIndex
        var index = start
        while let comma = topLevelComma(in: arguments[index...]) {
            parts.append(String(arguments[start..<comma]))
            index = arguments.index(after: comma)
            while index < arguments.endIndex, arguments[index] == " " { index = arguments.index(after: index) }
            start = index
        }
        parts.append(String(arguments[start...]))
        return parts
    }

    /// The first comma outside brackets: the one between a two-argument generic's arguments.
    private static func topLevelComma(in arguments: Substring) -> Substring.Index? {
        var depth = 0
        for index in arguments.indices {
            switch arguments[index] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0: return index
            default: break
            }
        }
        return nil
    }
}

/// A generic type of the standard library or of Wiring whose name is spelled from its arguments'
/// names, so that an existential argument keeps its `any`: `[any Plugin]`, `(any Clock)?`,
/// `[String: any Handler]`, `Provider<any Clock>`. Wiring's wrappers conform in their own files,
/// beside the rest of what a request kind needs.
protocol SpelledGenericType {
    static var spelledName: String { get }
}

extension Array: SpelledGenericType {
    static var spelledName: String { "[\(TypeName.of(Element.self))]" }
}

extension Optional: SpelledGenericType {
    static var spelledName: String {
        let wrapped = TypeName.of(Wrapped.self)
        return wrapped.hasPrefix("any ") || wrapped.contains(" -> ") ? "(\(wrapped))?" : "\(wrapped)?"
    }
}

extension Dictionary: SpelledGenericType {
    static var spelledName: String { "[\(TypeName.of(Key.self)): \(TypeName.of(Value.self))]" }
}
