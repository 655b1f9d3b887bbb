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
            public struct Calendar { public init() {} }
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
    /// libraries; without the sibling-library rule's warnings unless `siblingRule` (its tests
    /// below see them all: the other tests' libraries bind both core libraries' types).
    func check(
        _ libraries: [String: [String: String]], core coreSources: [String: [String: String]] = core, app: String = root,
        siblingRule: Bool = false
    ) throws -> [String] {
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
        for (module, files) in coreSources.sorted(by: { $0.key < $1.key }) {
            core.append(GraphCheck.CoreLibrary(module: module, files: try files.map { try FileScanner.scan(text: $0.value, path: $0.key) }))
        }
        let tokens = try Lexer(text: app, file: "App/Root.swift").tokens
        var summary = GraphCheck.App(tokens: [tokens])
        summary.asksForTheSiblingRule = GraphCheck.App.validatesWithTheSiblingRule(
            tokens: [tokens], files: [try FileScanner.scan(text: app, path: "App/Root.swift")]
        )
        return GraphCheck.run(libraries: scanned, core: core, app: summary, plan: plan)
            .filter { siblingRule || $0.severity != .warning || !$0.message.contains(Self.siblingSentence) }
            .map(\.description)
    }

    /// The words of `of`'s sibling-library diagnostic (`WiringRule`) that the check's share.
    static let siblingSentence = "a wiring library binds only the types of its sibling library"

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

    /// A helper of another name in an extension of `Binder` is no `bind` of the library's own:
    /// an unfinished `bind` is still reported.
    @Test func aBinderHelperOfAnotherNameLeavesTheUnfinishedCheckOn() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            extension Binder {
                func bindOutbox() { bind(Outbox.self).to(factory: Outbox.init) }
            }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self)
                }
            }
            """]])
        #expect(problems == [
            "MailWiring/MailModule.swift:10:16: error: LinkedWiring: binder.bind(Outbox.self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Outbox.self).to(factory: ...) or .to(value: ...), or delete it.",
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

    /// `MailWiring` whose module `MailModule` has the given body: its sibling is `Mail`, and it
    /// sees `Storage` too.
    static func mailModule(_ body: String) -> [String: [String: String]] {
        ["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            import Storage
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
            \(body)
                }
            }
            """]]
    }

    /// The report of `MailModule` binding `bound`, a type of `Storage`, at `line`: `of`'s first
    /// line and fix, and in a warning, when `of` reports it.
    static func sibling(_ severity: String, line: Int, bound: String = "Store") -> String {
        let when = severity == "error" ? "" : " ComponentFactory.of(_:rules:) reports this when the app asks for the rule (rules: .all or .siblingBindingsOnly)."
        return "MailWiring/MailModule.swift:\(line):16: \(severity): LinkedWiring: MailModule in MailWiring binds \(bound), a type of Storage: "
            + "a wiring library binds only the types of its sibling library (Mail).\(when) To fix this, move this binding to StorageWiring."
    }

    /// An error only where the app's own sources validate a root that includes `LinkedWiring`
    /// with the rule, written out: `of` then reports it at the same line. A tagged binding
    /// belongs to its tag's library, a contribution to its element's, and an implementation of
    /// another library does not exempt it.
    @Test(arguments: [
        "let factory = try ComponentFactory.of(AppRoot.self, rules: .all)",
        "let factory = try ComponentFactory.of(App.AppRoot.self, rules: .siblingBindingsOnly)",
        "func start() async throws { _ = try await AsyncComponentFactory.of(AppRoot.self, rules: [.siblingBindingsOnly]) }",
        "@MainActor func start() throws { _ = try Wiring.MainActorComponentFactory.of(AppRoot.self, rules: .all) }",
    ])
    func aWiringLibraryBindingAnotherLibrarysTypeIsAnErrorWhenTheAppAsksForTheRule(call: String) throws {
        let library = Self.mailModule("""
                    binder.bind(Store.self).to(factory: Store.init)
                    binder.bind(SMTPMailer.self).tagged(with: Store.self).to(value: SMTPMailer())
                    binder.bind(Store.self).intoCollection().to(factory: Store.init)
                    binder.bind((any Handler).self).to(Store.self) { _ in fatalError() }
            """)
        #expect(try check(library, app: Self.root + "\n" + call, siblingRule: true) == [
            Self.sibling("error", line: 7),
            Self.sibling("error", line: 8, bound: "SMTPMailer tagged Store"),
            Self.sibling("error", line: 9, bound: "[Store]"),
            Self.sibling("error", line: 10, bound: "any Handler"),
        ])
    }

    /// Wherever the plugin is not sure that `of` runs the rule on a root that includes
    /// `LinkedWiring`, a warning at the same place, which says when `of` reports it: no rules,
    /// rules in a variable or under `#if`, replacements, another root, a root it cannot pin or
    /// that may not include `LinkedWiring`, a rule set it does not read, another `of`.
    @Test(arguments: [
        "",
        "let factory = try ComponentFactory.of(AppRoot.self)",
        "let rules: ValidationRules = .all\nlet factory = try ComponentFactory.of(AppRoot.self, rules: rules)",
        "#if DEBUG\nlet factory = try ComponentFactory.of(AppRoot.self, rules: .all)\n#endif",
        "let factory = try ComponentFactory.of(AppRoot.self, rules: .all, replacing: { _ in })",
        "let factory = try ComponentFactory.of(OtherRoot.self, rules: .all)\nstruct OtherRoot: RootComponent { static func configure(binder: Binder<Singleton>) {} }",
        "let factory = try ComponentFactory.of(AppRoot.self, rules: .all)\n#if DEBUG\nextension AppRoot {}\n#endif",
        "let factory = try ComponentFactory.of(Gate.self, rules: .all)\nstruct Gate: RootComponent { static func configure(binder: Binder<Singleton>) { if true { binder.include(module: LinkedWiring.self) } } }",
        "let factory = try ComponentFactory.of(AppRoot.self, rules: [.siblingBindingsOnly, .all])",
        "let factory = try Start.of(AppRoot.self, rules: .all)",
    ])
    func aWiringLibraryBindingAnotherLibrarysTypeIsAWarningWhenTheAppMayNotAskForTheRule(app: String) throws {
        let library = Self.mailModule("""
                    binder.bind(Store.self).to(factory: Store.init)
            """)
        #expect(try check(library, app: Self.root + "\n" + app, siblingRule: true) == [Self.sibling("warning", line: 7)])
    }

    /// Nothing where `of` reports nothing, or where the plugin cannot pin the type to one library
    /// it reads: the sibling's types (and `Mail`'s for `FakeMailWiring`), a map's entries, an
    /// implementation from the sibling, a name two libraries declare, a typealias, a nested type,
    /// a type of Wiring or of the standard library, an implementation it cannot pin, a module that
    /// only extends a type of another library, and a binding the reader cannot read whole.
    @Test func whatOfAcceptsOrThePluginCannotPinGetsNothing() throws {
        let app = Self.root + "\nlet factory = try ComponentFactory.of(AppRoot.self, rules: .all)"
        let library = Self.mailModule("""
                    binder.bind((any Mailer).self).to(factory: SMTPMailer.init)
                    binder.bind(Mail.SMTPMailer.self).to(factory: SMTPMailer.init)
                    binder.bind((any Handler).self).intoMap(key: "mail").to(factory: { fatalError() })
                    binder.bind((any Handler).self).to(SMTPMailer.self) { _ in fatalError() }
                    binder.bind((any Handler).self).tagged(with: Mailer.self).to(factory: { fatalError() })
                    binder.bind(Store.self).tagged(with: Storage.Outbox.self).to(Unknown.self) { _ in fatalError() }
                    binder.bind(Outbox.self).to(factory: Outbox.init)
                    binder.bind(Courier.self).to(factory: Courier.init)
                    binder.bind(Formats.Outbox.self).to(factory: Formats.Outbox.init)
                    binder.bind(ValidationRules.self).to(value: .all)
                    binder.bind(String.self).to(value: "")
                    binder.bind(String.self).tagged(with: Store.self).to(value: "")
                    binder.bind(Store.self).sharedInScope().memoized().to(factory: Store.init)
            """)
        #expect(try check(library, app: app, siblingRule: true) == [])
        let fake = ["FakeMailWiring": ["FakeMailWiring/FakeMailModule.swift": """
            import Mail
            public import Wiring

            public struct FakeMailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Mailer).self).to(factory: SMTPMailer.init)
                }
            }
            """]]
        #expect(try check(fake, app: app, siblingRule: true) == [])
        let extended = ["MailWiring": ["MailWiring/Extended.swift": """
            import Storage
            public import Wiring

            extension Store: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Store.self).to(factory: Store.init)
                }
            }
            """]]
        #expect(try check(extended, app: app, siblingRule: true) == [])
    }

    /// The article and the README show the rule's reports as the check makes them: the error
    /// for an app that asks for the rule, and (in the article) the warning for one that may not.
    @Test(arguments: ["Sources/Wiring/Wiring.docc/BuildTimeChecks.md", "README.md"])
    func theDocumentsShowWhatTheSiblingRuleReports(document: String) throws {
        let text = try String(contentsOf: ArticleTests.packageRoot.appending(path: document), encoding: .utf8)
        let shown = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains(": LinkedWiring: ") && $0.contains(Self.siblingSentence) }
        let library = Self.mailModule("        binder.bind(Store.self).to(factory: Store.init)")
        var reported = try check(library, app: Self.root + "\nlet factory = try ComponentFactory.of(AppRoot.self, rules: .all)", siblingRule: true)
        if document != "README.md" { reported += try check(library, siblingRule: true) }
        #expect(shown == reported.map { "Sources/" + $0 })
    }

    /// The name rule is `WiringRule`'s: only a library named `…Wiring` is a wiring library, and
    /// `FakeFooWiring` may bind `FakeFoo`'s and `Foo`'s types. `WiringRuleNameTests` holds
    /// `WiringRule.siblings(ofWiringLibrary:)` and this one to the same cases.
    @Test func theSiblingOfAWiringLibraryIsItsNameWithoutWiring() {
        #expect(GraphCheck.siblings(ofWiringLibrary: "NetworkWiring") == ["Network"])
        #expect(GraphCheck.siblings(ofWiringLibrary: "FakeNetworkWiring") == ["FakeNetwork", "Network"])
        #expect(GraphCheck.siblings(ofWiringLibrary: "Wiring") == nil)
        #expect(GraphCheck.siblings(ofWiringLibrary: "ATMApp") == nil)
    }
}
