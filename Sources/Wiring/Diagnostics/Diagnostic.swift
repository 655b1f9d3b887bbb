/// One problem in an object graph, with the words that fix it.
///
/// ``ComponentFactory/of(_:)`` collects every diagnostic of a graph and throws them
/// together in a ``ValidationError``. Messages are part of Wiring's API: they keep their wording
/// from release to release, and tests can assert them whole.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem a diagnostic reports.
    ///
    /// A struct with a static member per kind, not an enum, so that a release can add a kind
    /// without breaking code that switches over them: such a switch needs a `default`.
    /// ``allCases`` lists the kinds in the order a component's diagnostics come in.
    public struct Kind: CaseIterable, Hashable, Sendable, CustomStringConvertible {
        private enum Code: Hashable, Sendable, CaseIterable {
            case missingBinding, dependencyCycle, duplicateBinding, scopeMisuse, rootBinding, wiringRule, invalidOverride, unhandledEffect, duplicateMapKey,
                unfinishedBinding, privateBinding
        }

        private let code: Code

        private init(_ code: Code) { self.code = code }

        // Cold: the text of a diagnostic, for an invalid graph only. `@_optimize(none)` here and
        // below keeps the optimiser off it (Benchmarks/README.md, "Cold code, not optimised").
        /// Every kind, for the tests that check that each is reported by a rule.
        @_optimize(none)
        static var allKinds: [Kind] {
            Code.allCases.map(Kind.init)
        }

        /// Every kind a rule reports, in the order a component's diagnostics come in (the order
        /// of ``ValidationError/diagnostics``): scope misuse first, then unfinished bindings,
        /// invalid overrides, duplicates, missing and private bindings, cycles, unhandled effects,
        /// and the opt-in wiring rule last.
        @_optimize(none)
        public static var allCases: [Kind] {
            GraphRules.all.reduce(into: []) { kinds, rule in
                if kinds.last != rule.kind { kinds.append(rule.kind) }
            }
        }

        /// A factory asks for a type that nothing binds.
        public static let missingBinding = Kind(.missingBinding)
        /// Factories ask for each other in a loop that no value can start.
        public static let dependencyCycle = Kind(.dependencyCycle)
        /// A type is bound more than once.
        public static let duplicateBinding = Kind(.duplicateBinding)
        /// A scope is used where it cannot work.
        public static let scopeMisuse = Kind(.scopeMisuse)
        /// `configureRoot` binds the root more than once.
        public static let rootBinding = Kind(.rootBinding)
        /// A wiring library binds a type of a library other than its sibling (an opt-in rule).
        public static let wiringRule = Kind(.wiringRule)
        /// A test override replaces a binding the component does not have.
        public static let invalidOverride = Kind(.invalidOverride)
        /// An effect (main actor, `async`, `throws`) would have to run where it cannot: under
        /// `build(_:)`, `Provider.get()`, `Lazy`, or another synchronous entry point.
        public static let unhandledEffect = Kind(.unhandledEffect)
        /// A map has two entries under one key, or a subcomponent contributes a key its
        /// ancestor's map already has.
        public static let duplicateMapKey = Kind(.duplicateMapKey)
        /// A `binder.bind(T.self)` that no terminal (`to(factory:)`, `to(value:)`, …) finishes,
        /// and so binds nothing.
        public static let unfinishedBinding = Kind(.unfinishedBinding)
        /// A factory asks for a binding a ``PrivateModule`` keeps to itself, or `expose` is used
        /// where it exposes nothing.
        public static let privateBinding = Kind(.privateBinding)

        /// The kind in words: `missing binding`, `dependency cycle`, …
        @_optimize(none)
        public var description: String {
            switch code {
            case .missingBinding: "missing binding"
            case .dependencyCycle: "dependency cycle"
            case .duplicateBinding: "duplicate binding"
            case .scopeMisuse: "scope misuse"
            case .rootBinding: "root binding"
            case .wiringRule: "wiring rule"
            case .invalidOverride: "invalid override"
            case .unhandledEffect: "unhandled effect"
            case .duplicateMapKey: "duplicate map key"
            case .unfinishedBinding: "unfinished binding"
            case .privateBinding: "private binding"
            }
        }
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// What is wrong, who is involved and where, and how to fix it; several lines.
    public let message: String
    /// The declaration the problem is about, when there is one.
    public let location: SourceLocation?

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem it is.
    ///   - message: The whole message.
    ///   - location: The declaration it is about.
    public init(kind: Kind, message: String, location: SourceLocation?) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// The diagnostic as a compiler would print it: `File.swift:12: error: message`.
    @_optimize(none)
    public var description: String {
        guard let location else { return "error: \(message)" }
        return "\(location): error: \(message)"
    }
}
