import Foundation
@testable import LinkedWiringScanner
import Testing

/// Names that a textual reading could take for another type: a type the code where the name is
/// written cannot see (private to another file, under an `#if` the build leaves out, of a
/// module the file does not import, internal to another module) is not the one it means, and
/// the typed checks say nothing rather than report a binding missing.
extension TypedGraphCheckTests {
    /// What the checks report for several wiring libraries (each with the core libraries it
    /// sees, recursively) over several core libraries.
    func checkLinked(
        _ libraries: [String: (dependencies: [String], files: [String: String])], core coreSources: [String: [String: String]],
        app: String
    ) throws -> [String] {
        var scanned: [GraphCheck.Library] = []
        var plan = LinkedWiringPlan()
        for (module, library) in libraries.sorted(by: { $0.key < $1.key }) {
            let files = try library.files.sorted { $0.key < $1.key }.map { try FileScanner.scan(text: $0.value, path: $0.key) }
            let (libraryPlan, problems) = ModuleCatalog.plan(library: module, files: files)
            try #require(problems.isEmpty)
            plan.included += libraryPlan.included
            scanned.append(GraphCheck.Library(module: module, files: files, dependencies: library.dependencies))
        }
        let core = try coreSources.sorted { $0.key < $1.key }.map { module, files in
            GraphCheck.CoreLibrary(module: module, files: try files.sorted { $0.key < $1.key }.map { try FileScanner.scan(text: $0.value, path: $0.key) })
        }
        let tokens = try Lexer(text: app, file: "App/Root.swift").tokens
        return GraphCheck.run(libraries: scanned, core: core, app: GraphCheck.App(tokens: [tokens]), plan: plan).map(\.description)
    }

    static let clockRoot = """
        import Wiring
        import Service
        struct AppRoot: RootComponent {
            typealias Root = Service
            static func configure(binder: Binder<Singleton>) {
                binder.include(module: LinkedWiring.self)
            }
        }
        """

    static let clockLibraries: [String: (dependencies: [String], files: [String: String])] = [
        "TimingWiring": (["Timing"], ["TimingWiring/TimingModule.swift": """
            import Timing
            public import Wiring
            public struct TimingModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Clock.self).to(factory: Clock.init)
                }
            }
            """]),
        "ServiceWiring": (["Service", "Timing"], ["ServiceWiring/ServiceModule.swift": """
            import Service
            public import Wiring
            public struct ServiceModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Service.self).to(factory: Service.init)
                }
            }
            """]),
    ]

    /// A `private` type of another file of `Service` is invisible to `Service.init`: its `Clock`
    /// is `Timing.Clock`, which `TimingModule` binds. `of` accepts the graph.
    @Test func aPrivateTypeOfAnotherFileDoesNotShadowAnImportedOne() throws {
        let core: [String: [String: String]] = [
            "Timing": ["Timing/Clock.swift": "public struct Clock: Sendable { public init() {} }"],
            "Service": [
                "Service/Helpers.swift": """
                    private struct Clock { var ticks = 0 }
                    func helper() -> Int { Clock().ticks }
                    """,
                "Service/Service.swift": """
                    import Timing
                    public struct Service: Sendable {
                        public init(clock: Clock) {}
                    }
                    """,
            ],
        ]
        let reported = try checkLinked(Self.clockLibraries, core: core, app: Self.clockRoot)
        #expect(reported == [], "\(reported)")
    }

    /// A type under an `#if` that the build leaves out (on Linux) shadows nothing: `Clock` in
    /// `Service.init` is `Timing.Clock` there, which `TimingModule` binds.
    @Test func aTypeUnderAnIfShadowsNothingWhenItIsLeftOut() throws {
        let core: [String: [String: String]] = [
            "Timing": ["Timing/Clock.swift": "public struct Clock: Sendable { public init() {} }"],
            "Service": [
                "Service/Helpers.swift": """
                    #if os(macOS)
                    public struct Clock: Sendable { public init() {} }
                    #endif
                    """,
                "Service/Service.swift": """
                    import Timing
                    public struct Service: Sendable {
                        public init(clock: Clock) {}
                    }
                    """,
            ],
        ]
        let reported = try checkLinked(Self.clockLibraries, core: core, app: Self.clockRoot)
        #expect(reported == [], "\(reported)")
    }

    /// `JSONDecoder.init` in a file that imports Foundation and `Mail`, not `Parsing`, is
    /// Foundation's `init()`: `Parsing.JSONDecoder`, which `Mail` uses, is not the type named.
    @Test func theFactoryTypeIsTheOneItsFileImports() throws {
        let core: [String: [String: String]] = [
            "Parsing": ["Parsing/JSONDecoder.swift": """
                public final class JSONDecoder: Sendable {
                    public init(options: Options) {}
                }
                public struct Options: Sendable { public init() {} }
                """],
            "Mail": [
                "Mail/Inbox.swift": """
                    import Parsing
                    public protocol MessageDecoder: Sendable {}
                    public struct Inbox: Sendable {
                        public init(decoder: any MessageDecoder) {}
                        func parser() -> Parsing.JSONDecoder { Parsing.JSONDecoder(options: Options()) }
                    }
                    """,
                "Mail/Foundation+MessageDecoder.swift": """
                    import Foundation
                    extension JSONDecoder: MessageDecoder {}
                    """,
            ],
        ]
        let reported = try checkLinked(Self.decoderLibraries(importing: ["Foundation", "Mail"]), core: core, app: Self.inboxRoot)
        #expect(reported == [], "\(reported)")
    }

    /// An `internal` type is invisible to a wiring library even where its file imports the
    /// library: `JSONDecoder` there is Foundation's, whatever public init the internal one has.
    @Test func anInternalTypeIsNotTheFactoryTypeOfAnotherModule() throws {
        let core: [String: [String: String]] = [
            "Parsing": ["Parsing/JSONDecoder.swift": """
                final class JSONDecoder: Sendable {
                    public init(options: Options) {}
                }
                public struct Options: Sendable { public init() {} }
                """],
            "Mail": [
                "Mail/Inbox.swift": """
                    public protocol MessageDecoder: Sendable {}
                    public struct Inbox: Sendable { public init(decoder: any MessageDecoder) {} }
                    """,
                "Mail/Foundation+MessageDecoder.swift": "import Foundation\nextension JSONDecoder: MessageDecoder {}",
            ],
        ]
        let reported = try checkLinked(Self.decoderLibraries(importing: ["Foundation", "Mail", "Parsing"]), core: core, app: Self.inboxRoot)
        #expect(reported == [], "\(reported)")
    }

    /// `MailWiring`, whose file imports `imports` and binds `any MessageDecoder` to
    /// `JSONDecoder.init` and `Inbox` to `Inbox.init`.
    static func decoderLibraries(importing imports: [String]) -> [String: (dependencies: [String], files: [String: String])] {
        let importLines = imports.map { "import \($0)" }.joined(separator: "\n")
        return ["MailWiring": (["Mail", "Parsing"], ["MailWiring/MailModule.swift": """
            \(importLines)
            public import Wiring
            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any MessageDecoder).self).to(factory: JSONDecoder.init)
                    binder.bind(Inbox.self).to(factory: Inbox.init)
                }
            }
            """])]
    }

    /// A root of `Inbox` that includes `LinkedWiring`.
    static let inboxRoot = clockRoot.replacingOccurrences(of: "import Service", with: "import Mail")
        .replacingOccurrences(of: "Root = Service", with: "Root = Inbox")
}
