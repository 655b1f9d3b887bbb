@testable import LinkedWiringScanner
import Testing

/// Valid wiring code that a reader without types could take for a mistake: each compiles, and
/// `of` accepts its graph, so the checks must report nothing.
extension GraphCheckTests {
    @Test func aBindOfYourOwnWithOtherArgumentsIsNotAnUnfinishedBinding() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            extension Binder {
                func bind<T: Sendable>(_ type: T.Type, value: T) {
                    bind(type).to(value: value)
                }
            }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Int.self, value: 3)
                    binder.bind(Outbox.self, value: Outbox())
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
            """]])
        #expect(problems == [])
    }

    @Test func aBindWithTheCallersLocationIsStillRead() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self, file: #fileID, line: #line)
                }
            }
            """]])
        #expect(problems == [
            "MailWiring/MailModule.swift:6:16: error: LinkedWiring: binder.bind(Outbox.self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Outbox.self).to(factory: ...) or .to(value: ...), or delete it.",
        ])
    }

    @Test func aConfigureOverloadBeforeTheModulesOwnIsNotRead() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct OutboxModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self).to(factory: Outbox.init)
                }
            }

            public struct MailModule: Module {
                /// For tests: binds a given outbox.
                static func configure(binder: Binder<Unscoped>, outbox: Outbox) {
                    binder.bind(Outbox.self).to(value: outbox)
                }

                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
            """]])
        #expect(problems == [])
    }

    @Test func aConfigureWithAnotherBinderBeforeTheModulesOwnIsNotRead() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                static func configure(binder: inout [String: Any]) {
                    binder["mailer"] = SMTPMailer()
                }

                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
            """]])
        #expect(problems == [])
    }

    /// `Storage.Calendar` where `Storage` is imported, Foundation's `Calendar` in a file that
    /// imports Foundation alone: two types, bound once each.
    @Test func aNameThatAFileDoesNotImportIsAnotherType() throws {
        let problems = try check(["CalendarWiring": [
            "CalendarWiring/StorageCalendarModule.swift": """
                import Storage
                public import Wiring

                public struct StorageCalendarModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Calendar.self).to(factory: Calendar.init)
                    }
                }
                """,
            "CalendarWiring/SystemCalendarModule.swift": """
                import Foundation
                public import Wiring

                public struct SystemCalendarModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Calendar.self).to(value: Calendar(identifier: .gregorian))
                    }
                }
                """,
        ]])
        #expect(problems == [])
    }

    @Test func aNameBoundTwiceWhereBothFilesImportItsModuleIsStillAnError() throws {
        let problems = try check(["CalendarWiring": [
            "CalendarWiring/FirstModule.swift": """
                import Storage
                public import Wiring

                public struct FirstModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Calendar.self).to(factory: Calendar.init)
                    }
                }
                """,
            "CalendarWiring/SecondModule.swift": """
                import Foundation
                import Storage
                public import Wiring

                public struct SecondModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Calendar.self).to(factory: Calendar.init)
                    }
                }
                """,
        ]])
        #expect(problems == [
            "CalendarWiring/FirstModule.swift:6:16: error: LinkedWiring: Calendar is bound more than once: in FirstModule, and again at CalendarWiring/SecondModule.swift:7 in SecondModule. To fix this, keep one binding of Calendar: include only one of the modules that bind it, or tag one binding with .tagged(with:) and request it as TaggedProvider. To provide several values, contribute each with .intoCollection().",
            "CalendarWiring/SecondModule.swift:7:16: note: LinkedWiring: Calendar bound again here, in SecondModule",
        ])
    }

    /// Inside `UserEndpoint`, `Response` is its associated type (`User`), not the top-level
    /// `Response`: nothing needs to bind the latter.
    @Test func anAssociatedTypeIsNotTheTopLevelTypeOfItsName() throws {
        var core = Self.core
        core["Mail"]?["Mail/Endpoint.swift"] = """
            public struct User { public init() {} }
            public struct Response { public init() {} }
            public protocol Endpoint {
                associatedtype Response
                func decode() -> Response
            }
            public struct UserEndpoint: Endpoint {
                public init(fallback: Response) {}
                public func decode() -> User { User() }
            }
            """
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(User.self).to(factory: User.init)
                    binder.bind(UserEndpoint.self).to(factory: UserEndpoint.init)
                }
            }
            """]], core: core)
        #expect(problems == [])
    }

    /// `TimeoutModule` takes its `configure(binder:)` from an extension of a protocol of its
    /// library, as Swift lets it.
    @Test func aModuleWhoseConfigureComesFromAProtocolExtensionIsIncluded() throws {
        let problems = try check(["ValueWiring": ["ValueWiring/ValueModule.swift": """
            public import Wiring

            public protocol ValueModule: Module {
                associatedtype Value: Sendable
                static var value: Value { get }
            }

            extension ValueModule {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Value.self).to(value: value)
                }
            }

            public enum TimeoutModule: ValueModule {
                public static let value = 30
            }
            """]])
        #expect(problems == [])
    }

    /// Swift 6's regex literals, bare, extended and multi-line, may hold braces and quotes;
    /// division stays an operator.
    @Test func bareRegexLiteralsAreLiteralsNotBracesOrStrings() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": #"""
            import Mail
            public import Wiring

            func hasBrace(_ text: String) -> Bool { text.contains(/\}/) }
            func quoted(_ text: String) -> Bool { text.contains(/"[^"]*"/) }
            func half(_ total: Int, _ parts: Int) -> Int { total / parts / 2 }
            func extended(_ text: String) -> Bool { text.contains(#/"\{/#) }
            let lines = #/
              \} (?<name>"[a-z]+) // a comment of the regex, with a "
            /#

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    let pattern = /\{/
                    _ = pattern
                    binder.bind(Outbox.self)
                }
            }
            """#]])
        #expect(problems == [
            "MailWiring/MailModule.swift:16:16: error: LinkedWiring: binder.bind(Outbox.self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Outbox.self).to(factory: ...) or .to(value: ...), or delete it.",
        ])
    }

    /// A typealias (or a type) that `configure` declares shadows the core library's of its name:
    /// `MailModule` binds `SMTPMailer` under the name `Store`, not `Storage`'s `Store`.
    @Test func aTypeDeclaredInsideConfigureShadowsTheCoreType() throws {
        let problems = try check([
            "MailWiring": ["MailWiring/MailModule.swift": """
                import Mail
                import Storage
                public import Wiring

                public struct MailModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        typealias Store = SMTPMailer
                        binder.bind(Store.self).to(factory: Store.init)
                    }
                }
                """],
            "StorageWiring": ["StorageWiring/StorageModule.swift": """
                import Storage
                public import Wiring

                public struct StorageModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Store.self).to(factory: Store.init)
                    }
                }
                """],
        ])
        #expect(problems == [])
    }

    /// Each `configure` is under an `#if`: whichever branch is built, one of the two modules binds
    /// `SMTPMailer` and the other binds nothing.
    @Test func aConfigureUnderAnIfIsNotTheOnlyOneOfItsModule() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct DebugMailModule: Module {
                #if DEBUG
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
                #else
                public static func configure(binder: Binder<Unscoped>) {}
                #endif
            }

            public struct ReleaseMailModule: Module {
                #if !DEBUG
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
                #else
                public static func configure(binder: Binder<Unscoped>) {}
                #endif
            }
            """]])
        #expect(problems == [])
    }

    /// `Mail` declares a type named `Storage`: in a file that imports `Mail`, `Storage.Outbox` is
    /// `Mail.Storage.Outbox` (a type shadows a module of its name), and only in a file that does
    /// not is it the module `Storage`'s `Outbox`. Two types, bound once each.
    @Test func aTypeNamedLikeAModuleShadowsThatModule() throws {
        let problems = try check([
            "MailWiring": ["MailWiring/MailModule.swift": """
                import Mail
                import Storage
                public import Wiring

                public struct MailModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Storage.Outbox.self).to(factory: Storage.Outbox.init)
                    }
                }
                """],
            "StorageWiring": ["StorageWiring/StorageModule.swift": """
                import Storage
                public import Wiring

                public struct StorageModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Storage.Outbox.self).to(factory: Storage.Outbox.init)
                    }
                }
                """],
        ], core: Self.namespaceCore)
        #expect(problems == [])
    }

    /// The same `Mail.Storage.Outbox` is a type of `Mail`: `MailWiring` keeps the sibling rule.
    @Test func aTypeNamedLikeAModuleBelongsToItsOwnLibrary() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            import Storage
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Storage.Outbox.self).to(factory: Storage.Outbox.init)
                }
            }
            """]], core: Self.namespaceCore, app: Self.root + "\nlet factory = try ComponentFactory.of(AppRoot.self, rules: .all)\n", siblingRule: true)
        #expect(problems == [])
    }

    static let namespaceCore: [String: [String: String]] = [
        "Mail": ["Mail/Mailer.swift": """
            public protocol Mailer: Sendable {}
            public enum Storage {
                public struct Outbox: Sendable { public init() {} }
            }
            """],
        "Storage": ["Storage/Store.swift": """
            public struct Outbox: Sendable { public init() {} }
            """],
    ]

    /// A comment in an interpolation is the compiler's trivia: its `(` opens nothing.
    @Test func aCommentInAnInterpolationHoldsNoParenthesis() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": #"""
            import Mail
            public import Wiring

            let retries = 3
            let label = "\(retries /* (at most */)"

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self).to(factory: Outbox.init)
                }
            }
            """#]])
        #expect(problems == [])
    }

    /// `intoMap(key:value:)` and `tagged(with:value:)` are the library's own helpers, which finish
    /// the binding themselves.
    @Test func aBuilderMethodOfYourOwnWithMoreArgumentsMayFinishTheBinding() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public enum Retries: BindingTag { public typealias Element = Int }

            extension BindingBuilder where Element: Sendable {
                /// Contributes `value` under `key` to the map of this binding's type.
                func intoMap<Key: Hashable & Sendable>(key: Key, value: Element) {
                    intoMap(key: key).to(value: value)
                }

                /// Binds `value` under the tag `tag`.
                func tagged<T: BindingTag>(with tag: T.Type, value: Element) where T.Element == Element {
                    tagged(with: tag).to(value: value)
                }
            }

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(String.self).intoMap(key: "smtp", value: "smtp.example.com")
                    binder.bind(Int.self).tagged(with: Retries.self, value: 3)
                    binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                }
            }
            """]])
        #expect(problems == [])
    }

    /// `Service`'s one visible `init` is declared in `Storage`, where `Store` is `Storage.Store`,
    /// not `Mail.Store`: the graph binds what it asks for.
    @Test func anInitFromAnExtensionInAnotherLibraryReadsThatLibrarysNames() throws {
        var core = Self.core
        core["Mail"] = ["Mail/Service.swift": """
            public struct Store: Sendable { public init() {} }
            public struct Service: Sendable {
                public let name: String
                init(name: String) { self.name = name }
                public static func named(_ name: String) -> Service { Service(name: name) }
            }
            """]
        core["Storage"] = ["Storage/Store.swift": """
            import Mail
            public struct Store: Sendable {
                public let name: String
                public init() { name = "disk" }
            }
            extension Service {
                public init(store: Store) { self = .named(store.name) }
            }
            """]
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            import Storage
            public import Wiring

            public struct MailModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Storage.Store.self).to(value: Storage.Store())
                    binder.bind(Service.self).to(factory: Service.init)
                }
            }
            """]], core: core)
        #expect(problems == [])
    }
}
