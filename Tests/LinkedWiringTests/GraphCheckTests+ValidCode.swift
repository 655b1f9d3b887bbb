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

    /// The module's `configure` is the one with the binder, after a helper whose `binder` is a
    /// dictionary: its body is the one read, and its unfinished `bind` is reported.
    @Test func theBodyReadIsTheConfigureWithTheBinderAfterAHelperOfAnotherType() throws {
        let problems = try check(["MailWiring": ["MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            public struct MailModule: Module {
                static func configure(binder: [String: String]) { print(binder) }
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Outbox.self)
                }
            }
            """]])
        #expect(problems == [
            "MailWiring/MailModule.swift:7:16: error: LinkedWiring: binder.bind(Outbox.self) in MailModule is never finished, so it binds nothing. To fix this, end it with a terminal, such as binder.bind(Outbox.self).to(factory: ...) or .to(value: ...), or delete it.",
        ])
    }

    /// A `bind(_:)` of the library's own, in an extension of `Binder` in another file, is what
    /// Swift calls for `binder.bind(Outbox.self)` (it prefers the non-generic overload), and it
    /// finishes the binding itself.
    @Test func aBindOverloadOfYourOwnMayFinishTheBinding() throws {
        let problems = try check(["MailWiring": [
            "MailWiring/Binder+Outbox.swift": """
                import Mail
                public import Wiring

                extension Binder {
                    /// Binds the one outbox every module shares.
                    func bind(_ type: Outbox.Type) { bind(Outbox.self, file: #fileID, line: #line).to(factory: Outbox.init) }
                }
                """,
            "MailWiring/MailModule.swift": """
                import Mail
                public import Wiring

                public struct MailModule: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Outbox.self)
                        binder.bind(SMTPMailer.self).to(factory: SMTPMailer.init)
                    }
                }
                """,
        ]])
        #expect(problems == [])
    }

    /// Two libraries' entries under one literal key are in two maps when one library redefines
    /// the default type of that kind of literal (`typealias StringLiteralType = Substring` makes
    /// its `"home"` a `Substring`, `UnicodeScalarType` its `"h"`, `ExtendedGraphemeClusterType`
    /// its `"e\u{301}"` written whole, `IntegerLiteralType` its `7`): `of` accepts the graph, so
    /// the check says nothing about keys of that kind, and still reports the other kind's.
    @Test(arguments: [
        ("StringLiteralType = Substring", #""home""#, "7"),
        ("UnicodeScalarType = Character", #""h""#, "7"),
        ("ExtendedGraphemeClusterType = Character", "\"e\u{301}\"", "7"),
        ("IntegerLiteralType = Int8", "7", #""home""#),
    ])
    func aRedefinedLiteralTypeStandsDownTheMapKeyCheckForItsKind(alias: String, key: String, other: String) throws {
        func library(_ name: String, alias: String?) -> [String: String] {
            ["\(name)/\(name)Module.swift": """
                import Storage
                public import Wiring
                \(alias.map { "typealias " + $0 } ?? "")

                public struct \(name)Module: Module {
                    public static func configure(binder: Binder<Unscoped>) {
                        binder.bind((any Handler).self).intoMap(key: \(key)).to(factory: { fatalError() })
                        binder.bind((any Handler).self).intoMap(key: \(other)).to(factory: { fatalError() })
                    }
                }
                """]
        }
        let problems = try check(["XWiring": library("XWiring", alias: alias), "YWiring": library("YWiring", alias: nil)])
        let map = other.hasPrefix("\"") ? "String" : "Int"
        #expect(problems == [
            "YWiring/YWiringModule.swift:8:16: error: LinkedWiring: [\(map): any Handler] has more than one entry under the key \(other): contributed at XWiring/XWiringModule.swift:8 in XWiringModule, and again here in YWiringModule. To fix this, give each entry a key of its own, or include only one of the modules that contribute \(other). To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting.",
            "XWiring/XWiringModule.swift:8:16: note: LinkedWiring: [\(map): any Handler] first has an entry under the key \(other) here, in XWiringModule",
        ])
    }
}
