extension DemoPackage {
    static let sources: [String: String] = [
        "Storage/Store.swift": """
            public protocol Store: Sendable {
                var name: String { get }
            }

            public struct DiskStore: Store {
                public init() {}
                public var name: String { "disk" }
            }

            public final class Cache: Sendable {
                public init() {}
            }
            """,
        "Mail/Mail.swift": """
            public protocol Mailer: Sendable {
                var name: String { get }
            }

            public struct RealMailer: Mailer {
                public init() {}
                public var name: String { "real" }
            }
            """,
        "FakeMail/FakeMail.swift": """
            public import Mail

            public struct FakeMailer: Mailer {
                public init() {}
                public var name: String { "fake" }
            }
            """,
        // Every kind of declaration the scan must read or leave out.
        "StorageWiring/StorageModule.swift": """
            import Storage
            public import Wiring

            /// Binds the store. "public struct InString: Module {" is not a declaration.
            @available(macOS 15, *)
            public struct StorageModule:
                Wiring.Module,
                Sendable
            {
                public static func configure(binder: Binder<Unscoped>) {
                    let text = "public struct InString: Module {}"
                    _ = text
                    binder.bind((any Store).self).to { DiskStore() as any Store }
                }
            }

            /* public struct InComment: Module {} */

            /// Bound in the root, shared.
            public enum CacheModule {}

            extension CacheModule: Module {
                public typealias Scope = Singleton

                public static func configure(binder: Binder<Singleton>) {
                    binder.bind(Cache.self).sharedInScope().to { Cache() }
                }
            }
            """,
        "StorageWiring/LeftOut.swift": """
            import Storage
            public import Wiring

            /// The scope of a session subcomponent.
            public struct SessionScope: Scope {}

            /// For the session subcomponent: its scope leaves it out of the root.
            public struct SessionModule: Module {
                public static func configure(binder: Binder<SessionScope>) {
                    binder.bind(String.self).sharedInScope().to { "session" }
                }
            }

            /// Generic: the root could not name it.
            public struct TypedModule<Element>: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }

            // linked-wiring: exclude (a second store, for tests that include it themselves)
            /// A duplicate store binding that the marker keeps out of the root.
            public struct DebugStorageModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Store).self).to { DiskStore() as any Store }
                }
            }

            struct InternalModule: Module {
                static func configure(binder: Binder<Unscoped>) {
                    binder.bind((any Store).self).to { DiskStore() as any Store }
                }
            }

            // linked-wiring: exclude (internal on purpose: included by hand)
            struct ByHandModule: Module {
                static func configure(binder: Binder<Unscoped>) {}
            }
            """,
        "MailWiring/MailModule.swift": """
            import Mail
            public import Wiring

            /// Binds the real mailer, shared.
            public struct MailModule: Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind((any Mailer).self).sharedInScope().to { RealMailer() as any Mailer }
                }
            }
            """,
        "FakeMailWiring/FakeMailModule.swift": """
            import FakeMail
            import Mail
            public import WiringCleanse

            /// Binds the fake mailer, as code written for Cleanse does: through WiringCleanse alone.
            public struct FakeMailModule: Cleanse.Module {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind((any Mailer).self).sharedInScope().to { FakeMailer() as any Mailer }
                }
            }
            """,
        "BrokenWiring/BrokenModule.swift": """
            public import Wiring

            /// Binds nothing, yet.
            public struct BrokenModule: Module {
                public static func configure(binder: Binder<Unscoped>) {}
            }
            """,
        "Kit/Kit.swift": """
            /// An umbrella the app's libraries import instead of Wiring.
            @_exported public import Wiring
            """,
        "Greeting/Greeter.swift": """
            /// A core library's type, which only GreetingWiring binds.
            public struct Greeter: Sendable {
                public init() {}
            }
            """,
        // A wiring library that gets Wiring only through the umbrella.
        "GreetingWiring/GreetingModule.swift": """
            import Greeting
            public import Kit

            /// Binds the greeter.
            public struct GreetingModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
                    binder.bind(Greeter.self).to { Greeter() }
                }
            }
            """,
        "AppSupport/AppSupport.swift": """
            /// An app's own library: it links StorageWiring, so the app links it transitively.
            public let appSupportName = "support"
            """,
        // A root whose mistake only types reveal: nothing binds the String its cache asks for.
        "RootLib/RootLib.swift": """
            public import Wiring
            public import Storage

            public struct LibRoot: RootComponent {
                public static func configure(binder: Binder<Singleton>) {
                    binder.bind(Cache.self).to { (name: String) in Cache() }
                }

                public static func configureRoot(binder bind: ReceiptBinder<Cache>) -> BindingReceipt<Cache> {
                    bind.to { (cache: Cache) in cache }
                }
            }
            """,
        "SharedRoot/SharedRoot.swift": """
            public import Wiring
            import Mail
            import Storage

            /// The root every app that links this library shares.
            public struct SharedAppRoot: RootComponent {
                public typealias Root = String

                public static func configure(binder: Binder<Singleton>) {
                    binder.include(module: LinkedWiring.self)
                }

                public static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
                    bind.to { (mailer: any Mailer, store: any Store) in "shared mail=\\(mailer.name) store=\\(store.name)" }
                }
            }
            """,
        "ShareApp/main.swift": """
            import Foundation
            import SharedRoot
            import Wiring

            do {
                let factory = try ComponentFactory.of(SharedAppRoot.self)
                print(factory.build(()))
                print("modules=" + factory.graph.modules.map(\\.module).sorted().joined(separator: ","))
            } catch {
                print("\\(error)")
                exit(3)
            }
            """,
        "ShareOwnRootApp/main.swift": """
            import Foundation
            import Mail
            import SharedRoot
            import Wiring

            struct OwnRoot: RootComponent {
                typealias Root = String

                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: SharedRoot.LinkedWiring.self)
                }

                static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
                    bind.to { (mailer: any Mailer) in "own mail=\\(mailer.name)" }
                }
            }

            do {
                print(try ComponentFactory.of(OwnRoot.self).build(()))
            } catch {
                print("\\(error)")
                exit(3)
            }
            """,
        "App/main.swift": appMain,
        "DevApp/main.swift": appMain,
        "BothApp/main.swift": appMain,
        "BrokenApp/main.swift": """
            import Wiring

            struct BrokenRoot: RootComponent {
                typealias Root = Int

                static func configure(binder: Binder<Singleton>) {
                    binder.include(module: LinkedWiring.self)
                }

                static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
                    bind.to(value: 1)
                }
            }

            print(BrokenRoot.self)
            """,
    ]
}
