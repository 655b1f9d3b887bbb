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
}
