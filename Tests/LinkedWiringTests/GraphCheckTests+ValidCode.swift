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
}
