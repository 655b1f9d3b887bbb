import Synchronization
import Testing
import Wiring

/// Providers, tags, `() -> T` and `T?` parameters.
struct ProviderTests {
    @Test func aProviderMadeFromAValueAlwaysGivesThatValue() {
        let provider = Provider(value: 42)
        #expect(provider.get() == 42)
        #expect(provider.get() == 42)
    }

    @Test func aProviderMadeFromAGetterCallsItOnEveryGet() {
        let calls = Mutex(0)
        let provider = Provider { calls.withLock { count in count += 1; return count } }
        #expect(provider.get() == 1)
        #expect(provider.get() == 2)
    }

    @Test func mapTransformsEveryValue() {
        let provider = Provider(value: 20).map { "$\($0)" }
        #expect(provider.get() == "$20")
    }

    @Test func aTaggedProviderGivesTheValueBoundWithItsTag() throws {
        let root = try ComponentFactory.of(TaggedRoot.self).build()
        #expect(root.url == "http://127.0.0.1:8080")
        #expect(root.account == "alice")
    }

    @Test func tagsAndSharingChangeOnlyTheBuilderTheyReturn() throws {
        let root = try ComponentFactory.of(BuilderCopiesRoot.self).build()
        #expect(root.plain == "plain")
        #expect(root.url == "http://127.0.0.1:8080")
        #expect(root.account == "alice")
        #expect(root.first.get() !== root.first.get())
        #expect(root.shared.get() === root.shared.get())
    }

    @Test func aTaggedProviderCanBeViewedAsAProvider() {
        let tagged = TaggedProvider<BankURL>(value: "http://bank")
        #expect(tagged.asProvider().get() == "http://bank")
    }

    @Test func aClosureParameterResolvesTheBindingWhenCalled() throws {
        let serials = Serials()
        let root = try ComponentFactory.of(ClosureParameterRoot.self).build(serials)
        #expect(serials.last == 0)
        #expect(root.makeToken() == 1)
        #expect(root.makeToken() == 2)
        #expect(root.makeSendableToken() == 3)
    }

    @Test func aClosureBoundAsAValueIsLinkedBeforeTheBindingDeclaredEarlierThatTakesIt() throws {
        let root = try ComponentFactory.of(BoundClosureRoot.self).build()
        #expect(root.make() == 7)
    }

    @Test func anOptionalParameterIsNilWhenTheTypeIsNotBound() throws {
        let root = try ComponentFactory.of(OptionalRoot.self).build()
        #expect(root.bound == "bound")
        #expect(root.unbound == nil)
        #expect(root.explicit == 7)
    }
}

// MARK: - Fixtures

private struct BankURL: Wiring.BindingTag { typealias Element = String }
private struct AccountID: Wiring.BindingTag { typealias Element = String }

private struct TaggedRoot: RootComponent {
    typealias Root = Teller
    struct Teller {
        let url: String
        let account: String
        init(url: TaggedProvider<BankURL>, account: TaggedProvider<AccountID>) {
            self.url = url.get()
            self.account = account.get()
        }
    }
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).tagged(with: BankURL.self).to(value: "http://127.0.0.1:8080")
        binder.bind(String.self).tagged(with: AccountID.self).to(value: "alice")
    }
    static func configureRoot(binder bind: ReceiptBinder<Teller>) -> BindingReceipt<Teller> {
        bind.to(factory: Teller.init)
    }
}

/// One `bind()` call's builder, finished three times: plain, and with each of two tags; and
/// one shared copy of another builder beside the unshared builder itself.
private struct BuilderCopiesRoot: RootComponent {
    typealias Root = Copies
    final class Counter: Sendable {}
    struct SharedCounter: Wiring.BindingTag { typealias Element = Counter }
    struct Copies {
        let plain: String
        let url: String
        let account: String
        let first: Provider<Counter>
        let shared: TaggedProvider<SharedCounter>
        init(plain: String, url: TaggedProvider<BankURL>, account: TaggedProvider<AccountID>, first: Provider<Counter>, shared: TaggedProvider<SharedCounter>) {
            self.plain = plain
            self.url = url.get()
            self.account = account.get()
            self.first = first
            self.shared = shared
        }
    }
    static func configure(binder: Binder<Singleton>) {
        let string = binder.bind(String.self)
        string.tagged(with: BankURL.self).to(value: "http://127.0.0.1:8080")
        string.tagged(with: AccountID.self).to(value: "alice")
        string.to(value: "plain")
        let counter = binder.bind(Counter.self)
        counter.tagged(with: SharedCounter.self).sharedInScope().to(factory: Counter.init)
        counter.to(factory: Counter.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Copies>) -> BindingReceipt<Copies> {
        bind.to(factory: Copies.init)
    }
}

private struct Token: Equatable { let serial: Int }

private final class Serials: Sendable {
    private let count = Mutex(0)
    var last: Int { count.withLock { $0 } }
    func next() -> Int { count.withLock { count in count += 1; return count } }
}

private struct ClosureParameterRoot: RootComponent {
    typealias Seed = Serials
    typealias Root = Maker
    struct Maker {
        let token: () -> Token
        let sendableToken: @Sendable () -> Token
        func makeToken() -> Int { token().serial }
        func makeSendableToken() -> Int { sendableToken().serial }
    }
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Token.self).to { (serials: Serials) in Token(serial: serials.next()) }
    }
    static func configureRoot(binder bind: ReceiptBinder<Maker>) -> BindingReceipt<Maker> {
        bind.to(factory: Maker.init)
    }
}

private struct ClosureUser {
    let make: () -> Int
}

/// `() -> Int` is bound as a value, after the binding that takes it: the parameter is that value,
/// resolved before `ClosureUser.init` runs, so it has to be linked first.
private struct BoundClosureRoot: RootComponent {
    typealias Root = ClosureUser
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ClosureUser.self).to(factory: ClosureUser.init)
        binder.bind((() -> Int).self).to(value: { 7 })
    }
    static func configureRoot(binder bind: ReceiptBinder<ClosureUser>) -> BindingReceipt<ClosureUser> {
        bind.to { (user: ClosureUser) in user }
    }
}

private struct OptionalRoot: RootComponent {
    typealias Root = Options
    struct Options {
        let bound: String?
        let unbound: Double?
        let explicit: Int?
    }
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "bound")
        binder.bind(Int?.self).to(value: 7)
    }
    static func configureRoot(binder bind: ReceiptBinder<Options>) -> BindingReceipt<Options> {
        bind.to(factory: Options.init)
    }
}
