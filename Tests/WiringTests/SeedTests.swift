import Testing
import Wiring

/// The seed given to `build` is bound in the graph.
struct SeedTests {
    @Test func anyFactoryCanTakeTheSeed() throws {
        let factory = try ComponentFactory.of(SessionRoot.self)
        #expect(factory.build("alice").greeting == "Hello, alice")
        #expect(factory.build("bob").greeting == "Hello, bob")
    }

    @Test func aProviderSeedIsBoundAsItsTaggedValueAndCanBeBuiltFromThatValue() throws {
        let factory = try ComponentFactory.of(TaggedSeedRoot.self)
        #expect(factory.build("user-1") == "user-1")
        #expect(factory.build(TaggedProvider<UserID>(value: "user-2")) == "user-2")
    }

    @Test func aSharedBindingCanDependOnTheSeed() throws {
        let factory = try ComponentFactory.of(SessionRoot.self)
        let root = factory.build("carol")
        #expect(root.session === root.sessionAgain.get())
        #expect(root.session.account == "carol")
    }
}

// MARK: - Fixtures

private final class Session: Sendable {
    let account: String
    init(account: String) { self.account = account }
}

private struct SessionRoot: RootComponent {
    typealias Seed = String
    typealias Root = Greeter
    struct Greeter {
        let greeting: String
        let session: Session
        let sessionAgain: Provider<Session>
        init(account: String, session: Session, sessionAgain: Provider<Session>) {
            greeting = "Hello, \(account)"
            self.session = session
            self.sessionAgain = sessionAgain
        }
    }
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Session.self).sharedInScope().to(factory: Session.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Greeter>) -> BindingReceipt<Greeter> {
        bind.to(factory: Greeter.init)
    }
}

private struct UserID: Wiring.BindingTag { typealias Element = String }

private struct TaggedSeedRoot: RootComponent {
    typealias Seed = TaggedProvider<UserID>
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (user: TaggedProvider<UserID>) in user.get() }
    }
}
