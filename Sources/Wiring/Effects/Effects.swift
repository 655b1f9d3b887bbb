/// What running a binding's factory does besides returning a value: Swift's effects, as the
/// graph tracks them.
///
/// A binding records the effects of its factory (`to(factory: Database.init)` with
/// `init(path:) throws` is ``throwing``). Resolving a binding runs its factory and the factories
/// of everything it takes directly, so the effects of a *resolution* are its own plus those of
/// its eager dependencies; a deferred request (`Provider`, `Lazy`, `WeakProvider`, `() -> T`, an
/// assisted `Factory`) ends that propagation. ``ComponentFactory/of(_:)`` reports every
/// place where an effect would have to run where it cannot.
///
/// ```swift
/// let binding = factory.graph.bindings(of: Database.self)[0]
/// binding.effects.contains(.throwing)   // true
/// ```
public struct Effects: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates effects from their raw bits.
    ///
    /// - Parameter rawValue: The raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The factory is isolated to the main actor: a `@MainActor` initialiser or closure.
    public static let mainActor = Effects(rawValue: 1 << 0)
    /// The factory can throw.
    public static let throwing = Effects(rawValue: 1 << 1)
    /// The factory is `async`.
    public static let async = Effects(rawValue: 1 << 2)

    // Cold: effects as words, for messages and exports only. `@_optimize(none)` here and below
    // keeps the optimiser off it (Benchmarks/README.md, "Cold code, not optimised").
    /// The effects as Swift spells them on a function type: `@MainActor async throws`, or the
    /// empty string for none.
    @_optimize(none)
    public var description: String {
        var words: [String] = []
        if contains(.mainActor) { words.append("@MainActor") }
        if contains(.async) { words.append("async") }
        if contains(.throwing) { words.append("throws") }
        return words.joined(separator: " ")
    }

    /// The names used in the JSON export, in a fixed order: `mainActor`, `async`, `throws`.
    var names: [String] {
        var names: [String] = []
        if contains(.mainActor) { names.append("mainActor") }
        if contains(.async) { names.append("async") }
        if contains(.throwing) { names.append("throws") }
        return names
    }

    /// The effects in words, for diagnostics: `runs on the main actor`, `is async and throws`.
    @_optimize(none)
    var spoken: String {
        var clauses: [String] = []
        if contains(.mainActor) { clauses.append("runs on the main actor") }
        if contains(.async) { clauses.append("is async") }
        if contains(.throwing) { clauses.append("throws") }
        switch clauses.count {
        case 0: return "has no effects"
        case 1: return clauses[0]
        default: return clauses.dropLast().joined(separator: ", ") + " and " + clauses[clauses.count - 1]
        }
    }
}

extension Effects: Codable {
    /// Decodes the effects from their names (see ``description``): `["mainActor", "throws"]`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a name that is not an effect.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var effects: Effects = []
        while !container.isAtEnd {
            let name = try container.decode(String.self)
            switch name {
            case "mainActor": effects.insert(.mainActor)
            case "async": effects.insert(.async)
            case "throws": effects.insert(.throwing)
            default:
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(name)' is not an effect; expected mainActor, async or throws."
                )
            }
        }
        self = effects
    }

    /// Encodes the effects as a list of names: `["mainActor", "async", "throws"]`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for name in names {
            try container.encode(name)
        }
    }
}
