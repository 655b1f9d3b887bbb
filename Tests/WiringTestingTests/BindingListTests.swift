import Testing
import Wiring
import WiringTesting

/// `expectBinding`'s failure lists what the component binds, each key once, and names the
/// subcomponents that bind the type it looked for.
struct BindingListTests {
    /// A map's entries, a collection's contributions, and a private binding with its exposure
    /// are each one key of the list.
    @Test func eachBoundKeyIsListedOnce() throws {
        let factory = try ComponentFactory.of(ListedRoot.self)
        withKnownIssue {
            expectBinding(Double.self, in: factory)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "ListedRoot does not bind Double. It binds: [String: String], [Int], Timer, ComponentFactory<ListedChild>."
            ]
        }
    }

    /// A type that only a subcomponent binds: the message says which, where, and how to check it
    /// there.
    @Test func aTypeASubcomponentBindsIsNamedWithTheSubcomponent() throws {
        let factory = try ComponentFactory.of(ListedRoot.self)
        withKnownIssue {
            expectBinding(String.self, in: factory)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                ListedRoot does not bind String. It binds: [String: String], [Int], Timer, ComponentFactory<ListedChild>. \
                The subcomponent ListedRoot > ListedChild binds String in WiringTestingTests.ListedChild at Lists/ListedChild.swift:3: \
                a subcomponent's bindings are in its own graph, in factory.graph.subcomponents; pass that graph to expectBinding to check them.
                """
            ]
        }
    }
}

// MARK: - Fixtures

struct Timer: Sendable { let seconds: Int }

private struct TimerModule: PrivateModule {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Timer.self).to(value: Timer(seconds: 3))
        binder.expose(Timer.self)
    }
}

struct ListedChild: Component {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "Lists/ListedChild.swift", line: 3).to(value: "child")
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (text: String) in text }
    }
}

private struct ListedRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).intoMap(key: "home").to(value: "Home")
        binder.bind(String.self).intoMap(key: "settings").to(value: "Settings")
        binder.bind(Int.self).intoCollection().to(value: 1)
        binder.bind(Int.self).intoCollection().to(value: 2)
        binder.include(module: TimerModule.self)
        binder.install(dependency: ListedChild.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to { (handlers: [String: String], numbers: [Int], timer: Timer, _: ComponentFactory<ListedChild>) in
            handlers.count + numbers.count + timer.seconds
        }
    }
}
