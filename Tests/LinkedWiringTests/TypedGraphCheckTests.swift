import Foundation
@testable import LinkedWiringScanner
import Testing

/// The typed checks: a `to(factory: T.init)` whose one visible initialiser asks for a type that
/// nothing in the whole graph binds is a build error at the binding's line; whenever the reader
/// cannot be sure of the initialiser or of the whole graph, it says nothing.
struct TypedGraphCheckTests {
    /// The core library `Service` (the sibling of `ServiceWiring`): `Service`'s one public init is in an extension in another file,
    /// beside an internal one (invisible to a wiring library) and a memberwise one (internal).
    static let core: [String: String] = [
        "Service/Service.swift": """
            public struct Service: Sendable {
                let store: Store
                init(store: Store, name: String) { self.store = store }
            }
            public final class Store: Sendable { public init() {} }
            public protocol Handler: Sendable {}
            public struct Report {
                public init(handler: any Handler, store: Store?, count: Int = 3) {}
            }
            public struct Audit {
                public init(handler: Handler) {}
            }
            public struct Twice {
                public init(store: Store) {}
                package init() {}
            }
            public struct Failing {
                public init?(store: Store) {}
            }
            public struct Wrapped {
                public init(store: Provider<Store>, stores: [Store], optional: Store?) {}
            }
            public typealias Shop = Store
            public struct Aliased {
                public init(shop: Shop) {}
            }
            open class Base { public init(store: Store) {} }
            public final class Derived: Base {}
            public struct Memberwise { let store: Store }
            #if DEBUG
            public struct Debug { public init(store: Store) {} }
            #endif
            public struct Coded: Decodable { public init(store: Store) {} }
            public struct Late { public init(store: Store) {} }
            public protocol Makeable {}
            extension Makeable { public init(handler: any Handler) { fatalError() } }
            public struct Made { public init(store: Store) {} }
            @AddInit public struct Macroed { public init(store: Store) {} }
            public struct Teller { public init(vault: Vault) {} }
            public struct Vault { public init(audit: Audit, count: Int) {} }
            public struct Lazy { public init(teller: Provider<Teller>, later: () -> Teller) {} }
            """,
        "Service/Late+Decodable.swift": """
            extension Late: Decodable {}
            extension Made: Makeable {}
            """,
        "Service/Aliases.swift": """
            public final class FileStore: Sendable { public init() {} }
            public typealias Storage = FileStore
            public typealias Shelf = Storage
            public typealias Listener = Handler
            public struct Archive { public init(storage: Storage) {} }
            public struct Stack { public init(shelf: Shelf) {} }
            public struct Bell { public init(listener: any Listener) {} }
            public typealias Loose = Swift.Dictionary<String, Int>
            public struct Ledger { public init(loose: Loose) {} }
            #if DEBUG
            public typealias Maybe = FileStore
            #endif
            public struct Cond { public init(maybe: Maybe) {} }
            public typealias Twin = FileStore
            public struct Pair { public init(twin: Twin) {} }
            extension Pair { public typealias Twin = Store }
            public typealias Outside = Foundation.Date
            public struct Stamp { public init(outside: Outside) {} }
            public typealias Boxed<T> = FileStore
            public struct Boxes { public init(boxed: Boxed<Int>) {} }
            public typealias Joined = Handler & Sendable
            public struct Joint { public init(joined: Joined) {} }
            fileprivate typealias Secret = FileStore
            public struct Sealed { public init(secret: Secret) {} }
            """,
        "Service/Service+Init.swift": """
            extension Service {
                public init(store: Store = Store()) { self.store = store }
            }
            """,
    ]

    static let root = """
        struct AppRoot: RootComponent {
            static func configure(binder: Binder<Singleton>) {
                binder.include(module: LinkedWiring.self)
            }
        }
        """

    /// What the checks report for one wiring library `ServiceWiring` seeing `Service`, whose module
    /// `ServiceModule` has the given body.
    func check(_ body: String, extra: String = "", app: String = root, coreIsReadable: Bool = true) throws -> [String] {
        let text = """
            import Service
            public import Wiring

            public struct ServiceModule: Module {
                public static func configure(binder: Binder<Unscoped>) {
            \(body)
                }
            }
            \(extra)
            """
        let file = try FileScanner.scan(text: text, path: "ServiceWiring/ServiceModule.swift")
        let (plan, problems) = ModuleCatalog.plan(library: "ServiceWiring", files: [file])
        try #require(problems.isEmpty)
        let library = GraphCheck.Library(module: "ServiceWiring", files: [file], dependencies: ["Service"])
        let coreFiles = try Self.core.sorted { $0.key < $1.key }.map { try FileScanner.scan(text: $0.value, path: $0.key) }
        let tokens = try Lexer(text: app, file: "App/Root.swift").tokens
        return GraphCheck.run(
            libraries: [library], core: [GraphCheck.CoreLibrary(module: "Service", files: coreIsReadable ? coreFiles : nil)],
            app: GraphCheck.App(tokens: [tokens]), plan: plan
        ).map(\.description)
    }

    static func missing(_ type: String, line: Int, by requirer: String, expression: String? = nil) -> String {
        "ServiceWiring/ServiceModule.swift:\(line):16: error: LinkedWiring: Missing binding for \(type): required by \(requirer) at "
            + "ServiceWiring/ServiceModule.swift:\(line). To fix this, bind it with binder.bind(\(expression ?? type + ".self")).to(...) "
            + "in a module that the app's root component includes, or include the module that binds it."
    }

    @Test func aParameterOfTheOneVisibleInitThatNothingBindsIsAnErrorAtTheBinding() throws {
        #expect(try check("""
                    binder.bind(Service.self).to(factory: Service.init)
            """) == [Self.missing("Store", line: 6, by: "Service")])
        // The same with every effect's label, and the existential written either way.
        #expect(try check("""
                    binder.bind(Service.self).to(asyncFactory: Service.init)
                    binder.bind(Report.self).to(mainActorFactory: Report.init)
                    binder.bind(Audit.self).to(throwingFactory: Audit.init)
                    binder.bind(Base.self).to(factory: Base.init)
            """) == [
            "ServiceWiring/ServiceModule.swift:6:16: error: LinkedWiring: Missing binding for Store: required by Service at "
                + "ServiceWiring/ServiceModule.swift:6, required by Base at ServiceWiring/ServiceModule.swift:9. To fix this, bind it with "
                + "binder.bind(Store.self).to(...) in a module that the app's root component includes, or include the module that binds it.",
            "ServiceWiring/ServiceModule.swift:7:16: error: LinkedWiring: Missing binding for any Handler: required by Report at "
                + "ServiceWiring/ServiceModule.swift:7, required by Audit at ServiceWiring/ServiceModule.swift:8. To fix this, bind it with "
                + "binder.bind((any Handler).self).to(...) in a module that the app's root component includes, or include the module that binds it.",
        ])
    }

    @Test func aBoundParameterIsNoErrorWhateverSpellingBindsIt() throws {
        #expect(try check("""
                    binder.bind(Service.self).to(factory: Service.init)
                    binder.bind(Service.Store.self).to(factory: Store.init)
                    binder.bind(Handler.self).to(value: Impl())
                    binder.bind(Audit.self).to(factory: Audit.init)
                    binder.bind(Report.self).to(factory: Report.init)
            """, extra: "struct Impl: Handler {}") == [])
        #expect(try check("""
                    binder.bind((any Handler).self).to(value: Impl())
                    binder.bind(Audit.self).to(factory: Audit.init)
                    binder.bind(Store.self).to(factory: Store.init)
            """, extra: "struct Impl: Handler {}") == [])
    }

    @Test func aTypealiasOfTheCoreLibraryIsFollowedToTheTypeItNames() throws {
        // Bound under the name the alias leads to: no error.
        #expect(try check("""
                    binder.bind(Archive.self).to(factory: Archive.init)
                    binder.bind(Stack.self).to(factory: Stack.init)
                    binder.bind(FileStore.self).to(factory: FileStore.init)
                    binder.bind(Bell.self).to(factory: Bell.init)
                    binder.bind((any Handler).self).to(value: Impl())
                    binder.bind(Aliased.self).to(factory: Aliased.init)
                    binder.bind(Store.self).to(factory: Store.init)
            """, extra: "struct Impl: Handler {}") == [])
        // Not bound: `of` names the type the alias leads to, through a chain of aliases too.
        #expect(try check("""
                    binder.bind(Archive.self).to(factory: Archive.init)
                    binder.bind(Stack.self).to(factory: Stack.init)
                    binder.bind(Bell.self).to(factory: Bell.init)
                    binder.bind(Aliased.self).to(factory: Aliased.init)
            """) == [
            "ServiceWiring/ServiceModule.swift:6:16: error: LinkedWiring: Missing binding for FileStore: required by Archive at "
                + "ServiceWiring/ServiceModule.swift:6, required by Stack at ServiceWiring/ServiceModule.swift:7. To fix this, bind it with "
                + "binder.bind(FileStore.self).to(...) in a module that the app's root component includes, or include the module that binds it.",
            Self.missing("any Handler", line: 8, by: "Bell", expression: "(any Handler).self"),
            Self.missing("Store", line: 9, by: "Aliased"),
        ])
    }

    @Test func aTypealiasTheReaderCannotFollowSaysNothing() throws {
        // To another module's type, a generic type, under `#if`, shadowed by a nested alias,
        // generic itself, a composition, or private to its file.
        for type in ["Ledger", "Cond", "Pair", "Stamp", "Boxes", "Joint", "Sealed"] {
            #expect(try check("""
                        binder.bind(\(type).self).to(factory: \(type).init)
                """) == [], "\(type)")
        }
    }

    @Test func initsTheReaderCannotPinDownSayNothing() throws {
        for type in ["Twice", "Failing", "Wrapped", "Derived", "Memberwise", "Debug", "Coded", "Late", "Made", "Macroed"] {
            #expect(try check("""
                        binder.bind(\(type).self).to(factory: \(type).init)
                """) == [], "\(type)")
        }
        // A closure, a free function, or labels: not a plain `T.init` reference.
        #expect(try check("""
                    binder.bind(Service.self).to(factory: Service.init(store:))
                    binder.bind(Audit.self).to(factory: { Audit(handler: $0) })
                    binder.bind(Report.self).to(factory: makeReport)
            """) == [])
        // An init the wiring library adds itself could be meant instead.
        #expect(try check("""
                    binder.bind(Audit.self).to(factory: Audit.init)
            """, extra: "extension Audit { init(name: String) { fatalError() } }") == [])
        // A core library with a file the scan cannot read: nothing it declares is sure.
        #expect(try check("        binder.bind(Service.self).to(factory: Service.init)", coreIsReadable: false) == [])
    }

    @Test func aGraphTheReaderDoesNotKnowWhollyGetsNoMissingBindingError() throws {
        let service = "        binder.bind(Service.self).to(factory: Service.init)\n"
        let standDowns: [(String, String, String)] = [
            // The app binds or seeds, includes something else, or replaces bindings.
            (service, "", Self.root.replacingOccurrences(of: "binder.include(module: LinkedWiring.self)", with: "binder.include(module: LinkedWiring.self)\n binder.bind(Store.self).to(factory: Store.init)")),
            (service, "", Self.root + "\nextension AppRoot { typealias Seed = Store }"),
            // The root conforms to a protocol of another module, which may fix its `Seed`
            // (`protocol PricedRoot: RootComponent where Seed == Store`), or is extended.
            (service, "", Self.root.replacingOccurrences(of: "AppRoot: RootComponent", with: "AppRoot: PricedRoot")),
            (service, "", Self.root.replacingOccurrences(of: "struct AppRoot: RootComponent", with: "extension AppRoot")),
            (service, "", Self.root.replacingOccurrences(of: "binder.include(module: LinkedWiring.self)", with: "binder.include(module: LinkedWiring.self)\n binder.include(module: Other.self)")),
            (service, "", Self.root + "\nlet f = try ComponentFactory.of(AppRoot.self, replacing: { _ in })"),
            (service, "", Self.root + "\nlet s = Sub.self; binder.install(dependency: s)"),
            // The app's root binds its root type, named directly or through a typealias.
            (service, "", Self.root.replacingOccurrences(of: "}\n}", with: "}\n static func configureRoot(binder bind: ReceiptBinder<Store>) -> BindingReceipt<Store> { bind.to(factory: Store.init) }\n}")),
            (service, "", Self.root.replacingOccurrences(of: "}\n}", with: "}\n static func configureRoot(binder bind: ReceiptBinder<Shop>) -> BindingReceipt<Shop> { bind.to(factory: Shop.init) }\n}")),
            // A binding whose type the reader cannot read, or `bind()`.
            (service + "        binder.bind(Swift.Result<Int, Error>.self).to(value: .success(1))\n", "", Self.root),
            (service + "        binder.bind().to(factory: Store.init)\n", "", Self.root),
            (service + "        binder.bind(Mystery.self).to(factory: Mystery.init)\n", "", Self.root),
            // A binding under `#if`, in a branch, or a binder handed away.
            (service + "        #if DEBUG\n        binder.bind(Store.self).to(factory: Store.init)\n        #endif\n", "", Self.root),
            (service + "        if Bool.random() { binder.bind(Store.self).to(factory: Store.init) }\n", "", Self.root),
            (service + "        helper(binder)\n", "", Self.root),
            (service + "        binder.install(dependency: SubComponent.self)\n", "", Self.root),
            // A module it cannot follow, or a private module.
            (service + "        binder.include(module: Elsewhere.self)\n", "", Self.root),
            (service + "        binder.include(module: Hidden.self)\n", """
                struct Hidden: PrivateModule {
                    static func configure(binder: Binder<Unscoped>) {
                        binder.bind(Store.self).to(factory: Store.init)
                        binder.expose(Store.self)
                    }
                }
                """, Self.root),
            // A tag the reader cannot read.
            (service + "        binder.bind(Store.self).tagged(with: Unknown.self).to(factory: Store.init)\n", "", Self.root),
        ]
        for (body, extra, app) in standDowns {
            #expect(try check(body, extra: extra, app: app) == [], "\(body)\(extra)\(app)")
        }
        // The same graph, wholly known, does get the error: each case above is what silences it.
        #expect(try check(service) == [Self.missing("Store", line: 6, by: "Service")])
    }

    /// A closure that takes no parameters requests nothing, so the check reads on past it; one
    /// that takes any (or that the reader cannot tell) may ask for `Store` first, as `of` would
    /// report, so the check stands down.
    @Test func aClosureWithoutParametersRequestsNothing() throws {
        let service = "        binder.bind(Service.self).to(factory: Service.init)\n"
        for closure in [
            "to { Impl() }", "to(factory: { Impl() })", "to(throwingFactory: { try Impl.make() })",
            "to { Impl(codes: [1, 2].map { $0 * 2 }) }", "to {\n            let made = Impl()\n            return made\n        }",
        ] {
            #expect(try check("        binder.bind(Handler.self).\(closure)\n" + service, extra: "struct Impl: Handler {}")
                == [Self.missing("Store", line: closure.contains("\n") ? 10 : 7, by: "Service")], "\(closure)")
        }
        for closure in [
            "to { (store: Store) in Impl() }", "to { Impl(store: $0) }", "to(factory: { store in Impl() })",
            "to { for code in [1] { _ = code }; return Impl() }",
        ] {
            #expect(try check("        binder.bind(Handler.self).\(closure)\n" + service, extra: "struct Impl: Handler {}") == [], "\(closure)")
        }
    }

    /// `Store` bound in a private module that does not expose it, where `Service.init` in a
    /// plain module asks for it: `of`'s private-binding diagnostic, at the requesting binding.
    static let keeper = """
        struct StoreModule: PrivateModule {
            static func configure(binder: Binder<Unscoped>) {
                binder.include(module: HelperModule.self)
                binder.bind(Audit.self).to(factory: Audit.init)
                binder.expose(Audit.self)
            }
        }
        struct HelperModule: Module {
            static func configure(binder: Binder<Unscoped>) {
                binder.bind(Store.self).to(factory: Store.init)
                binder.bind(Handler.self).to(value: Impl())
            }
        }
        struct Impl: Handler {}
        """

    @Test func aTypeAPrivateModuleKeepsThatASureInitAsksForIsAnErrorAtTheRequest() throws {
        let body = """
                    binder.include(module: StoreModule.self)
                    binder.bind(Service.self).to(factory: Service.init)
                    binder.bind(Base.self).to(factory: Base.init)
            """
        #expect(try check(body, extra: Self.keeper) == [
            "ServiceWiring/ServiceModule.swift:7:16: error: LinkedWiring: Store is kept private by StoreModule: required by Service at "
                + "ServiceWiring/ServiceModule.swift:7, required by Base at ServiceWiring/ServiceModule.swift:8, bound privately at "
                + "ServiceWiring/ServiceModule.swift:20 in HelperModule, inside StoreModule. To fix this, expose it with "
                + "binder.expose(Store.self) in the configure(binder:) of StoreModule, or request a type StoreModule exposes instead.",
        ])
        // Exposed (in any form the reader knows), bound in public too, or a graph it cannot wholly
        // read: nothing.
        let standDowns: [(String, String)] = [
            (body, Self.keeper.replacingOccurrences(of: "binder.expose(Audit.self)", with: "binder.expose(Store.self)")),
            (body, Self.keeper.replacingOccurrences(of: "binder.expose(Audit.self)", with: "binder.expose(Service.Store.self)")),
            (body, Self.keeper.replacingOccurrences(of: "binder.expose(Audit.self)", with: "binder.expose(Mystery.self)")),
            (body, Self.keeper.replacingOccurrences(of: "binder.expose(Audit.self)", with: "binder.expose(helper())")),
            (body + "\n        binder.bind(Store.self).to(factory: Store.init)", Self.keeper),
            (body + "\n        binder.include(module: HelperModule.self)", Self.keeper),
            (body + "\n        binder.bind(Mystery.self).to(factory: Mystery.init)", Self.keeper),
            (body, Self.keeper.replacingOccurrences(of: "binder.bind(Audit.self).to(factory: Audit.init)", with: "binder.bind(Audit.self).to(factory: Audit.init)\n if Bool.random() { binder.expose(Store.self) }")),
            (body, Self.keeper.replacingOccurrences(of: "StoreModule: PrivateModule", with: "StoreModule: PrivateModule, SomeProtocol")),
            (body, Self.keeper.replacingOccurrences(of: "binder.bind(Audit.self).to(factory: Audit.init)", with: "binder.bind(Twice.self).to(factory: Service.init)")),
        ]
        for (body, extra) in standDowns {
            #expect(try check(body, extra: extra) == [], "\(body)\n\(extra)")
        }
        // The app binding a type, or naming the kept one, stands it down too.
        #expect(try check(body, extra: Self.keeper, app: Self.root + "\nlet store: Store? = nil") == [])
    }

    @Test func theArticleShowsWhatThePrivateBindingCheckReports() throws {
        let text = try String(
            contentsOf: ArticleTests.packageRoot.appending(path: "Sources/Wiring/Wiring.docc/BuildTimeChecks.md"), encoding: .utf8
        )
        let shown = text.split(separator: "\n").filter { $0.contains("error: LinkedWiring: ") && $0.contains(" is kept private by ") }
        let reported = try check("""
                    binder.include(module: StoreModule.self)
                    binder.bind(Service.self).to(factory: Service.init)
            """, extra: Self.keeper)
        let shownLines: [String] = shown.map(String.init)
        let reportedLines: [String] = reported.map { (line: String) in "Sources/" + line }
        #expect(shownLines == reportedLines)
    }

    @Test(arguments: ["Sources/Wiring/Wiring.docc/BuildTimeChecks.md", "README.md"])
    func theDocumentsShowWhatTheCheckReports(document: String) throws {
        let text = try String(contentsOf: ArticleTests.packageRoot.appending(path: document), encoding: .utf8)
        let shown = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("error: LinkedWiring: Missing binding for") }
        let reported = try check("        binder.bind(Service.self).to(factory: Service.init)")
        #expect(shown == reported.map { "Sources/" + $0 })
    }

    @Test func aCycleThroughSureInitsIsAnErrorAtItsFirstBinding() throws {
        #expect(try check("""
                    binder.bind(Teller.self).to(factory: Teller.init)
                    binder.bind(Vault.self).to(factory: Vault.init)
                    binder.bind(Audit.self).to(factory: Audit.init)
                    binder.bind(Handler.self).to(factory: Teller.init)
            """) == [
            // Teller.init (bound to Handler) asks for Vault: the loop starts at Vault, the first
            // binding declared in it.
            "ServiceWiring/ServiceModule.swift:7:16: error: LinkedWiring: Dependency cycle: Vault -> Audit -> any Handler -> Vault: "
                + "Audit is required by Vault at ServiceWiring/ServiceModule.swift:7, any Handler is required by Audit at ServiceWiring/ServiceModule.swift:8, "
                + "Vault is required by any Handler at ServiceWiring/ServiceModule.swift:9. "
                + "To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T and call get() after construction.",
        ])
        // Through a Provider or a closure, or a binding the reader cannot read: no cycle it is sure of.
        #expect(try check("""
                    binder.bind(Teller.self).to(factory: Teller.init)
                    binder.bind(Vault.self).to(factory: Vault.init)
                    binder.bind(Audit.self).to(factory: Audit.init)
                    binder.bind(Handler.self).to(factory: { (teller: Teller) in teller })
            """) == [])
        #expect(try check("""
                    binder.bind(Teller.self).to(factory: Lazy.init)
                    binder.bind(Lazy.self).to(factory: Lazy.init)
            """) == [])
    }
}
