@testable import LinkedWiringScanner
import Testing

/// What the app's root adds to the graph beside `LinkedWiring`: a root that may bind more than
/// the reading sees, or binds a type it cannot pin, gets no missing-binding error; a plain root
/// still does.
extension TypedGraphCheckTests {
    static let service = "        binder.bind(Service.self).to(factory: Service.init)"

    /// `bindStore()` is the wiring library's own extension of `Binder`, which binds `Store`.
    static let bindStore = """
        extension Binder {
            /// Binds the defaults of Service for an app that wants them: a shared store.
            public func bindStore() { bind(Store.self).to(factory: Store.init) }
        }
        """

    /// The root's `configure` with `statement` after the include of `LinkedWiring`.
    static func root(then statement: String, extra: String = "") -> String {
        """
        struct AppRoot: RootComponent {
            static func configure(binder: Binder<Singleton>) {
                binder.include(module: LinkedWiring.self)
                \(statement)
            }
        }
        \(extra)
        """
    }

    /// The root binds through a method of `Binder` from a wiring library, hands its binder to a
    /// function or a method of another type, or keeps it: any of them may bind `Store`.
    @Test func aRootThatUsesItsBinderOtherwiseGetsNoMissingBindingError() throws {
        let roots = [
            Self.root(then: "binder.bindStore()"),
            Self.root(then: "configureDefaults(binder)", extra: "func configureDefaults(_ binder: Binder<Singleton>) {}"),
            Self.root(then: "Defaults.apply(to: binder)", extra: "enum Defaults { static func apply(to binder: Binder<Singleton>) {} }"),
            Self.root(then: "let kept = binder; kept.bindStore()"),
            Self.root(then: "[binder].forEach { $0.bindStore() }"),
        ]
        for app in roots {
            #expect(try check(Self.service, extra: Self.bindStore, app: app) == [], "\(app)")
        }
    }

    /// A root whose `configure` does nothing with its binder but include `LinkedWiring` adds
    /// nothing: the missing binding is still an error.
    @Test func aRootThatOnlyIncludesLinkedWiringStillGetsTheMissingBindingError() throws {
        #expect(try check(Self.service, extra: Self.bindStore, app: Self.root(then: "print(\"ready\")"))
            == [Self.missing("Store", line: 6, by: "Service")])
    }

    /// `Screen` is a name the checks cannot pin (a typealias of a library they do not read may
    /// make it `Store`): the root may bind `Store`, and `of` accepts the graph.
    @Test func aRootTypeTheChecksCannotPinGetsNoMissingBindingError() throws {
        let receipt = "static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> { bind.to(factory: Screen.init) }"
        let apps = [
            "import Support\n" + Self.root(then: "", extra: "extension AppRoot {\n typealias Root = Screen\n \(receipt)\n}"),
            "import Support\n" + Self.root(then: "", extra: "extension AppRoot {\n \(receipt)\n}"),
            // A name the reading cannot tell whole, or a core type named through a type of the
            // module's name (`Service.Report` is a member of the type `Service`).
            Self.root(then: "", extra: "extension AppRoot {\n typealias Root = Box<Int>\n}"),
            Self.root(then: "", extra: "extension AppRoot {\n typealias Root = Service.Report\n}"),
        ]
        for app in apps {
            #expect(try check(Self.service, app: app) == [], "\(app)")
        }
    }

    /// The same for a type a private module keeps: the root that binds `Screen` may bind `Store`.
    @Test func aRootTypeTheChecksCannotPinGetsNoPrivateBindingError() throws {
        let body = """
                    binder.include(module: StoreModule.self)
                    binder.bind(Service.self).to(factory: Service.init)
            """
        let receipt = "static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> { bind.to(factory: Screen.init) }"
        #expect(try check(body, extra: Self.keeper, app: Self.root(then: "", extra: "extension AppRoot {\n \(receipt)\n}")) == [])
    }

    /// A root type the checks pin, a type of a core library they read or one the app declares
    /// itself, binds that type alone: the missing binding is still an error.
    @Test func aRootTypeTheChecksPinKeepsTheMissingBindingError() throws {
        let apps = [
            Self.root(then: "", extra: "extension AppRoot {\n typealias Root = Report\n}"),
            Self.root(then: "", extra: "extension AppRoot {\n static func configureRoot(binder bind: ReceiptBinder<any Handler>) -> BindingReceipt<any Handler> { fatalError() }\n}"),
            Self.root(then: "", extra: """
                struct Screen {}
                extension AppRoot {
                    static func configureRoot(binder bind: ReceiptBinder<Screen>) -> BindingReceipt<Screen> { bind.to(factory: Screen.init) }
                }
                """),
        ]
        for app in apps {
            #expect(try check(Self.service, app: app) == [Self.missing("Store", line: 6, by: "Service")], "\(app)")
        }
    }
}
