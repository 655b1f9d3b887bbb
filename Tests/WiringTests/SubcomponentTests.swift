import Synchronization
import Testing
import Wiring

/// Subcomponents: child graphs built from inside a parent graph.
@Suite(.tags(.concurrency))
struct SubcomponentTests {
    /// A component installed inside itself, directly or below, is a cycle that `of` reports; it
    /// used to prepare the tree without end and overflow the stack.
    @Test func aComponentInstalledInsideItselfIsACycleThatOfReports() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(FolderRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.dependencyCycle, .dependencyCycle])
        #expect(error.diagnostics.map(\.message) == [
            """
            Dependency cycle: Folder is installed inside itself: FolderRoot -> Folder -> Folder.
              installed at App/Folder.swift:3 in Folder
              To fix this, install Folder in one component only, and hand its ComponentFactory to the components below it (as a seed, for example): a component cannot contain a component of its own type.
            """,
            """
            Dependency cycle: Drawer is installed inside itself: FolderRoot -> Drawer -> Cabinet -> Drawer.
              installed at App/Cabinet.swift:3 in Cabinet
              To fix this, install Drawer in one component only, and hand its ComponentFactory to the components below it (as a seed, for example): a component cannot contain a component of its own type.
            """,
        ])
    }

    /// A subcomponent installed inside a private module makes a factory that module alone sees;
    /// the component's own install of it, before or after, is its own, not a second one dropped.
    @Test func aSubcomponentInstalledInsideAPrivateModuleAndByTheComponentIsInBoth() throws {
        #expect(try ComponentFactory.of(InstallTwiceRoot.self).build() == 14)
        #expect(try ComponentFactory.of(InstallTwiceFirstRoot.self).build() == 14)
    }

    @Test func aSubcomponentIsBuiltFromItsFactoryWithItsSeedAndSeesItsParentsBindings() throws {
        let app = try ComponentFactory.of(BankRoot.self).build()
        let session = app.sessions.get().build("user-1")
        #expect(session.user.name == "user-1")
        #expect(session.user.service === app.service)
    }

    @Test func sharedBindingsOfTheSubcomponentsScopeLiveOncePerBuiltSubcomponent() throws {
        let app = try ComponentFactory.of(BankRoot.self).build()
        let factory = app.sessions.get()
        let first = factory.build("user-1")
        let second = factory.build("user-2")
        #expect(first.user === first.sameUser.get())
        #expect(first.user !== second.user)
        #expect(first.user.service === second.user.service)
    }

    /// The child's own contributions come first, then its parent's: Cleanse's order.
    @Test func collectionBindingsAreAdditiveAcrossParentAndChildTheChildsFirst() throws {
        let app = try ComponentFactory.of(BankRoot.self).build()
        #expect(app.features.get() == ["audit", "deposits"])
        #expect(app.sessions.get().build("user-1").features == ["history", "statements", "audit", "deposits"])
    }

    @Test func aChildBindingShadowsTheParentsBindingOfTheSameType() throws {
        let app = try ComponentFactory.of(BankRoot.self).build()
        #expect(app.greeting == "Welcome")
        #expect(app.sessions.get().build("user-1").greeting == "Hello, user-1")
    }

    @Test func aFactoryKeptDeepInTheGraphBuildsAfterTheRootFactoryIsGone() throws {
        let branch: Branch = try {
            let root = try ComponentFactory.of(BankRoot.self).build()
            return root.branch.get()
        }()
        #expect(branch.sessions.build("user-9").user.name == "user-9")
    }

    @Test func rootComponentsCanBeInstalledAsSubcomponentsAndTheSeedIsInjectable() throws {
        let root = try ComponentFactory.of(HostRoot.self).build("Hi!")
        #expect(root.first.build() == "first")
        #expect(root.second.build() == "second")
        #expect(root.greeting == "Hi!")
    }

    @Test func ofConfiguresASubcomponentOnceAndItsBuildsNeverConfigureItAgain() throws {
        let factory = try ComponentFactory.of(CountingRoot.self)
        for index in 0..<5 { _ = factory.build().build("user-\(index)") }
        #expect(CountedSession.configured.withLock { $0 } == 1)
    }

    @Test func aSubcomponentThatReusesAnAncestorsScopeIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SameScopeRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.scopeMisuse])
    }
}

// MARK: - Fixtures

private struct UserID: Wiring.BindingTag { typealias Element = String }
private struct UserScope: Scope {}

private final class UserService: Sendable {}

private final class User: Sendable {
    let name: String
    let service: UserService
    init(name: TaggedProvider<UserID>, service: UserService) {
        self.name = name.get()
        self.service = service
    }
}

private struct Session {
    let user: User
    let sameUser: Provider<User>
    let features: [String]
    let greeting: String
}

private struct SessionComponent: Component {
    typealias Seed = TaggedProvider<UserID>
    typealias Root = Session
    static func configure(binder: Binder<UserScope>) {
        binder.bind(User.self).sharedInScope().to(factory: User.init)
        binder.bind(String.self).intoCollection().to(value: ["history", "statements"])
        binder.bind(String.self).to { (user: TaggedProvider<UserID>) in "Hello, \(user.get())" }
    }
    static func configureRoot(binder bind: ReceiptBinder<Session>) -> BindingReceipt<Session> {
        bind.to(factory: Session.init)
    }
}

private struct Branch {
    let sessions: ComponentFactory<SessionComponent>
}

private struct App {
    let sessions: Provider<ComponentFactory<SessionComponent>>
    let features: Provider<[String]>
    let service: UserService
    let greeting: String
    let branch: Provider<Branch>
}

private struct BankRoot: RootComponent {
    typealias Root = App
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: SessionComponent.self)
        binder.install(dependency: SessionComponent.self)
        binder.bind(UserService.self).sharedInScope().to(factory: UserService.init)
        binder.bind(String.self).intoCollection().to(value: "audit")
        binder.bind(String.self).intoCollection().to(value: "deposits")
        binder.bind(String.self).to(value: "Welcome")
        binder.bind(Branch.self).to(factory: Branch.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<App>) -> BindingReceipt<App> {
        bind.to(factory: App.init)
    }
}

private struct HostResult {
    let first: ComponentFactory<FirstGuest>
    let second: ComponentFactory<SecondGuest>
    let greeting: String
}

private struct FirstGuest: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> { bind.to(value: "first") }
}

private struct SecondGuest: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> { bind.to(value: "second") }
}

private struct HostRoot: RootComponent {
    typealias Seed = String
    typealias Root = HostResult
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: FirstGuest.self)
        binder.install(dependency: SecondGuest.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<HostResult>) -> BindingReceipt<HostResult> {
        bind.to { (first: ComponentFactory<FirstGuest>, second: ComponentFactory<SecondGuest>, greeting: String) in
            HostResult(first: first, second: second, greeting: greeting)
        }
    }
}

private struct SameScopeChild: Component {
    typealias Root = Int
    static func configure(binder: Binder<Singleton>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 1) }
}

private struct SameScopeRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Singleton>) {
        binder.install(dependency: SameScopeChild.self, file: "App/Bank.swift", line: 4)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 0) }
}

private struct Ledger {}

private struct BrokenChild: Component {
    typealias Root = Ledger
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Ledger>) -> BindingReceipt<Ledger> {
        bind.to(file: "App/Ledger.swift", line: 8) { (ledger: Ledger) in ledger }
    }
}

private struct BrokenHostRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: BrokenChild.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 0) }
}

private struct CountedSession: Component {
    static let configured = Mutex(0)
    typealias Seed = TaggedProvider<UserID>
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        configured.withLock { $0 += 1 }
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (user: TaggedProvider<UserID>) in user.get() }
    }
}

private struct CountingRoot: RootComponent {
    typealias Root = ComponentFactory<CountedSession>
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: CountedSession.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (sessions: ComponentFactory<CountedSession>) in sessions }
    }
}

private struct UninstalledHostRoot: RootComponent {
    typealias Root = ComponentFactory<SessionComponent>
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to(file: "App/Host.swift", line: 3) { (sessions: ComponentFactory<SessionComponent>) in sessions }
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `SubcomponentTests.aFactoryOfASubcomponentNothingInstallsIsReportedWithTheInstallation`.
    enum FactoryOfASubcomponentNothingInstallsIsReportedWithTheInstallation: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(UninstalledHostRoot.self) }
    }

    /// From `SubcomponentTests.aSubcomponentThatReusesAnAncestorsScopeIsReported`.
    enum SubcomponentThatReusesAnAncestorsScopeIsReported: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(SameScopeRoot.self) }
    }

    /// From `SubcomponentTests.aSubcomponentsProblemsAreReportedByItsRootWithTheirPath`.
    enum SubcomponentsProblemsAreReportedByItsRootWithTheirPath: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(BrokenHostRoot.self) }
    }
}

// MARK: - Components installed inside themselves

private struct Folder: Component {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: Folder.self, file: "App/Folder.swift", line: 3)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 1) }
}

private struct Drawer: Component {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: Cabinet.self, file: "App/Drawer.swift", line: 3)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 2) }
}

private struct Cabinet: Component {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: Drawer.self, file: "App/Cabinet.swift", line: 3)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 3) }
}

private struct FolderRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: Folder.self)
        binder.install(dependency: Drawer.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 0) }
}

// MARK: - A subcomponent installed inside a private module and by the component

private struct SevenChild: Component {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> { bind.to(value: 7) }
}

private struct Gadget: Sendable {
    let child: ComponentFactory<SevenChild>
}

private struct InstallingPrivate: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: SevenChild.self)
        binder.bind(Gadget.self).to(factory: Gadget.init)
        binder.expose(Gadget.self)
    }
}

/// The private module's install first, then the component's.
private struct InstallTwiceRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: InstallingPrivate.self)
        binder.install(dependency: SevenChild.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (gadget: Gadget, child: ComponentFactory<SevenChild>) in gadget.child.build() + child.build() }
    }
}

/// The component's install first, then the private module's.
private struct InstallTwiceFirstRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.install(dependency: SevenChild.self)
        binder.include(module: InstallingPrivate.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (gadget: Gadget, child: ComponentFactory<SevenChild>) in gadget.child.build() + child.build() }
    }
}
