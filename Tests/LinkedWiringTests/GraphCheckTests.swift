import Foundation
@testable import LinkedWiringScanner
import Testing

/// The graph checks that need no types: each mistake is reported at its call's line, in the
/// voice of `of`; and everything the reader cannot be sure of gets no error.
struct GraphCheckTests {
    /// The core libraries of the checks below: `Mail` and `Storage`.
    static let core: [String: [String: String]] = [
        "Mail": ["Mail/Mailer.swift": """
            public protocol Mailer: Sendable {}
            public struct SMTPMailer: Mailer { public init() {} }
            public struct Outbox { public init() {} }
            public typealias Courier = Outbox
            public enum Formats { public struct Outbox {} }
            """],
        "Storage": ["Storage/Store.swift": """
            public final class Store: Sendable { public init() {} }
            public struct Outbox { public init() {} }
            public protocol Handler: Sendable {}
            """],
    ]

    static let root = """
        struct AppRoot: RootComponent {
            static func configure(binder: Binder<Singleton>) {
                binder.include(module: LinkedWiring.self)
            }
        }
        """

    /// The descriptions of what the checks report for wiring libraries, each seeing both core
    /// libraries.
    func check(_ libraries: [String: [String: String]], app: String = root) throws -> [String] {
        var scanned: [GraphCheck.Library] = []
        var plan = LinkedWiringPlan()
        for (module, files) in libraries.sorted(by: { $0.key < $1.key }) {
            var library: [ScannedFile] = []
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                library.append(try FileScanner.scan(text: text, path: path))
            }
            let (libraryPlan, problems) = ModuleCatalog.plan(library: module, files: library)
            try #require(problems.isEmpty)
            plan.included += libraryPlan.included
            scanned.append(GraphCheck.Library(module: module, files: library, dependencies: ["Mail", "Storage"]))
        }
        var core: [GraphCheck.CoreLibrary] = []
        for (module, files) in Self.core.sorted(by: { $0.key < $1.key }) {
            core.append(GraphCheck.CoreLibrary(module: module, files: try files.map { try FileScanner.scan(text: $0.value, path: $0.key) }))
        }
        let tokens = try Lexer(text: app, file: "App/Root.swift").tokens
        return GraphCheck.run(libraries: scanned, core: core, app: GraphCheck.App(tokens: [tokens]), plan: plan).map(\.description)
    }

    @Test func aBindThatNoTerminalFinishesIsAnErrorAtItsLine() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self)
                    binder.bind((any Mailer).self)
                        .sharedInScope()
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
            """]])
        #expect(problems == [
            "MailWiring/MailModule.swift:6:16: error: LinkedWiring: binder.bind(Outbox.self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Outbox.self).to(factory: ...) or .to(value: ...), or delete it.",
            "MailWiring/MailModule.swift:7:16: error: LinkedWiring: binder.bind((any Mailer).self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind((any Mailer).self).to(factory: ...) or .to(value: ...), or delete it.",
        ])
    }

    @Test func everyTerminalSpellingFinishesABindAndUnsureFormsSayNothing() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": ##"""
            import Mail
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder bind: Binder<Unscoped>) {
                    let q = #"""#
                    let text = """
                        bind.bind(Outbox.self)
                        """
                    bind.bind(Outbox.self).to(factory: Outbox.init)
                    bind.bind((any Mailer).self).tagged(with: Formats.self).sharedInScope().to(SMTPMailer.self) { $0 }
                    bind.bind(SMTPMailer.self)
                        .sharedInScope()
                        .to(asyncFactory: SMTPMailer.init)
                    bind.bind(Int.self).to(value: 3)
                    bind.bind(String.self).to { "\(q)\(text)" }
                    bind.bind(Double.self).to(file: #file, line: #line, function: #function, factory: { 1.0 })
                    bind.bind(Float.self).to0 { 1 }
                    bind.bind(UInt.self).to(mainActorFactory: { 1 })
                    _ = bind.bind(Int8.self).to(throwingFactory: { 1 })
                    let later = bind.bind(Int16.self)
                    later.to(value: 1)
                    #if DEBUG
                    bind.bind(Int32.self)
                    #endif
                    if Bool.random() {
                        bind.bind(Int64.self)
                    }
                    bind.bind(UInt8.self).somethingElse()
                    helper(bind)
                }
            }
            """##]])
        #expect(problems == [])
    }

    @Test func exposeInAModuleIsAnErrorAndInAPrivateModuleIsNot() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self).to(factory: Outbox.init)
                    binder.expose(Outbox.self)
                }
            }

            struct HelperModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.expose(tagged: Formats.self)
                }
            }

            public struct TransportModule: PrivateModule {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.include(module: HelperModule.self)
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                    binder.expose(SMTPMailer.self)
                }
            }
            """]])
        #expect(problems == [
            "MailWiring/MailModule.swift:7:16: error: LinkedWiring: binder.expose(Outbox.self) is called outside a private module, so it exposes nothing: MailModule is a Module. To fix this, call it in the configure(binder:) of a PrivateModule, or remove it: the bindings of a Module are visible everywhere.",
        ])
    }

    static let twoMailers: [String: [String: String]] = [
        "MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Mailer).self).to(factory: SMTPMailer.init)
                    binder.bind(Store.self).tagged(with: Outbox.self).to(factory: Store.init)
                }
            }
            """],
        "FakeMailWiring": ["FakeMailWiring/FakeMailModule.swift": """
            import Mail
            public import Wiring

            public struct FakeMailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Store.self).to(factory: Store.init)
                    binder.bind((any Mailer).self)
                        .to(factory: SMTPMailer.init)
                    binder.bind(Mail.Outbox.self).to(factory: Mail.Outbox.init)
                    binder.bind(Storage.Outbox.self).to(factory: Storage.Outbox.init)
                    binder.bind(Courier.self).to(factory: Courier.init)
                }
            }
            """],
    ]

    @Test func oneTypeBoundByTwoLinkedLibrariesIsAnErrorWithANoteAtTheOtherBinding() throws {
        let problems = try check(Self.twoMailers)
        #expect(problems == [
            "FakeMailWiring/FakeMailModule.swift:7:16: error: LinkedWiring: any Mailer is bound by more than one linked wiring library: in FakeMailModule from FakeMailWiring, and again at MailWiring/MailModule.swift:6 in MailModule from MailWiring. To fix this, link only one of them: keep one of FakeMailWiring and MailWiring in the app target's dependencies in Package.swift (LinkedWiring includes every wiring library the target links).",
            "MailWiring/MailModule.swift:6:16: note: LinkedWiring: any Mailer bound again here, in MailModule",
        ])
    }

    @Test func anAppThatNamesALinkedModuleItselfGetsNoOrderSensitiveError() throws {
        let problems = try check(Self.twoMailers, app: Self.root + "\nstruct Other: PrivateModule { static func configure(binder: Binder<Unscoped>) { binder.include(module: MailModule.self) } }")
        #expect(problems == [])
        #expect(try check(Self.twoMailers, app: "struct NoLinked {}") == [])
        // A root that includes another module first, which may include a linked one inside a
        // private module, or a test that replaces bindings.
        let other = Self.root.replacingOccurrences(of: "binder.include(module: LinkedWiring.self)", with: """
            binder.include(module: GatewayModule.self)
                    binder.include(module: LinkedWiring.self)
            """)
        #expect(other != Self.root)
        #expect(try check(Self.twoMailers, app: other) == [])
        #expect(try check(Self.twoMailers, app: Self.root + "\nlet f = try ComponentFactory.of(AppRoot.self, replacing: { _ in })") == [])
    }

    @Test func twoEntriesUnderOneLiteralKeyAreAnErrorAtTheSecond() throws {
        let problems = try check(["MailWiring": ["MailWiring/Handlers.swift": ##"""
            import Storage
            public import Wiring

            public struct HandlersModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Handler).self).intoMap(key: "card").to(factory: { fatalError() })
                    binder.bind((any Handler).self).intoMap(key: "cash").to(factory: { fatalError() })
                    binder.bind((any Handler).self).intoMap(key: "\(1)").to(factory: { fatalError() })
                    binder.bind((any Handler).self).intoMap(key: #"card"#).to(factory: { fatalError() })
                    binder.bind((any Handler).self).intoMap(key: 7).to(factory: { fatalError() })
                }
            }
            """##]])
        #expect(problems == [
            #"MailWiring/Handlers.swift:9:16: error: LinkedWiring: [String: any Handler] has more than one entry under the key "card": contributed at MailWiring/Handlers.swift:6 in HandlersModule, and again here in HandlersModule. To fix this, give each entry a key of its own, or include only one of the modules that contribute "card". To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting."#,
            #"MailWiring/Handlers.swift:6:16: note: LinkedWiring: [String: any Handler] first has an entry under the key "card" here, in HandlersModule"#,
        ])
    }

    /// The sibling-library rule is `of`'s only when the call that validates the graph passes it
    /// in `rules:`, which the plugin cannot tie to a root or know runs (see "Build-time checks"):
    /// a wiring library binding another library's type gets no build error, even in an app that
    /// writes `rules: .all`.
    @Test func theSiblingLibraryRuleIsNeverABuildError() throws {
        let library = ["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            import Storage
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Store.self).to(factory: Store.init)
                }
            }
            """]]
        for app in [Self.root, Self.root + "\nlet factory = try ComponentFactory.of(AppRoot.self, rules: .all)"] {
            #expect(try check(library, app: app) == [])
        }
    }
}
