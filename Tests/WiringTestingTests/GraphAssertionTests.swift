import Testing
import Wiring
import WiringTesting

/// The assertions of `WiringTesting` pass on sound graphs and record exact failures otherwise.
struct GraphAssertionTests {
    @Test func aValidGraphPassesAndGivesItsFactory() throws {
        let factory = try #require(expectValidGraph(SoundRoot.self))
        #expect(factory.build() == "ok")
    }

    @Test func anInvalidGraphRecordsEveryDiagnostic() throws {
        let expected = try #require(throws: ValidationError.self) { try ComponentFactory.of(BrokenRoot.self, rules: .all) }
        withKnownIssue {
            #expect(expectValidGraph(BrokenRoot.self) == nil)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected.description]
        }
    }

    @Test func expectBindingFindsABoundTypeAndReportsAMissingOne() throws {
        let factory = try ComponentFactory.of(SoundRoot.self)
        #expect(expectBinding(Greeting.self, in: factory).map(\.name) == ["Greeting"])
        #expect(expectBinding(Int.self, tagged: Retries.self, in: factory).count == 1)
        withKnownIssue {
            _ = expectBinding(Double.self, in: factory)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["SoundRoot does not bind Double. It binds: Greeting, Int tagged Retries."]
        }
    }

    @Test func expectNoBindingPassesForAnUnboundTypeAndNamesWhereABoundOneIs() throws {
        let factory = try ComponentFactory.of(SoundRoot.self)
        expectNoBinding(Double.self, in: factory)
        withKnownIssue {
            expectNoBinding(Greeting.self, in: factory)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["SoundRoot binds Greeting in WiringTestingTests.GreetingModule at Greetings/GreetingModule.swift:4."]
        }
    }
}

// MARK: - Fixtures

struct Greeting: Equatable, Sendable { let text: String }
struct Retries: Wiring.BindingTag { typealias Element = Int }

struct GreetingModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Greeting.self, file: "Greetings/GreetingModule.swift", line: 4).to { Greeting(text: "ok") }
        binder.bind(Int.self).tagged(with: Retries.self).to(value: 3)
    }
}

struct SoundRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: GreetingModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (greeting: Greeting) in greeting.text }
    }
}

struct BrokenRoot: RootComponent {
    typealias Root = String
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (greeting: Greeting) in greeting.text }
    }
}
