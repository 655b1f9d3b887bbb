@testable import LinkedWiringScanner
import Testing

/// Names the reading must not take for another type: what a file imports, associated types, a
/// type or alias declared inside `configure`, a type named like a module, and an `init` that
/// another library declares.
extension GraphCheckTests {
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
