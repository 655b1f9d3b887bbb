import CashWiring
import Scanning
import Testing
import Wiring

// What the graph and validation say about modules that the LinkedWiring plugin's generated
// `LinkedWiring` module includes, and about bindings to an implementation.

/// What the plugin would generate for a target that links CashWiring and this test library.
struct LinkedWiring: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: CashModule.self, file: "App/LinkedWiring.swift", line: 5)
        binder.include(module: LocalScannerModule.self, file: "App/LinkedWiring.swift", line: 6)
    }
}

struct LocalScannerModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(NoteScanner.self, file: "LocalWiring/LocalScannerModule.swift", line: 9).to(factory: NoteScanner.init)
    }
}

struct TwoLinkedScannersRoot: RootComponent {
    typealias Root = NoteScanner

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LinkedWiring.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<NoteScanner>) -> BindingReceipt<NoteScanner> {
        bind.to { (scanner: NoteScanner) in scanner }
    }
}

protocol Greeting: Sendable {
    func greet() -> String
}

struct EnglishGreeter: Greeting {
    func greet() -> String { "Hello" }
}

struct GreeterModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(EnglishGreeter.self, file: "GreeterWiring/GreeterModule.swift", line: 4).to(factory: EnglishGreeter.init)
        binder.bind((any Greeting).self, file: "GreeterWiring/GreeterModule.swift", line: 5).to(EnglishGreeter.self) { $0 }
    }
}

struct GreeterRoot: RootComponent {
    typealias Root = String

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: GreeterLinkedWiring.self, file: "App/Root.swift", line: 3)
    }

    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to(file: "App/Root.swift", line: 7) { (greeter: any Greeting) in greeter.greet() }
    }
}

typealias GreeterLinkedWiring = GreeterApp.LinkedWiring

/// Stands for another app, whose generated `LinkedWiring` includes the greeter's module.
enum GreeterApp {
    struct LinkedWiring: Module {
        static func configure(binder: Binder<Unscoped>) {
            binder.include(module: GreeterModule.self, file: "App/LinkedWiring.swift", line: 4)
        }
    }
}

struct LinkedWiringGraphTests {
    @Test func twoLinkedLibrariesBindingOneTypeAreADuplicateWhoseFixIsToLinkOne() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(TwoLinkedScannersRoot.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding])
    }

    @Test func aBindingToAnImplementationNamesItInEveryFormat() throws {
        let factory = try ComponentFactory.of(GreeterRoot.self)
        #expect(factory.build() == "Hello")
        let graph = factory.graph
        #expect(graph.bindings(of: (any Greeting).self).map(\.implementation) == ["EnglishGreeter"])
        #expect(graph.bindings(of: EnglishGreeter.self).map(\.implementation) == [nil])
        #expect(graph.rendered(as: .text) == """
            GreeterRoot (scope Unscoped)
            String  root · GreeterRoot, App/Root.swift:7
            └── any Greeting → EnglishGreeter  GreeterModule (linked), GreeterWiring/GreeterModule.swift:5
                └── EnglishGreeter  GreeterModule (linked), GreeterWiring/GreeterModule.swift:4

            """)
        #expect(graph.rendered(as: .dot).contains(#"label="any Greeting → EnglishGreeter\nGreeterModule (linked), GreeterWiring/GreeterModule.swift:5""#))
        #expect(graph.rendered(as: .mermaid).contains(#"["any Greeting → EnglishGreeter"]"#))
        #expect(graph.rendered(as: .json).contains(#""implementation" : "EnglishGreeter","#))
        #expect(graph.modules.map(\.isLinked) == [false, true])
    }
}

// MARK: - Golden cases (Tests/Fixtures/Diagnostics; ARCHITECTURE.md, "Golden diagnostics")

extension GoldenGraphs {
    /// From `LinkedWiringGraphTests.twoLinkedLibrariesBindingOneTypeAreADuplicateWhoseFixIsToLinkOne`.
    enum TwoLinkedLibrariesBindingOneTypeAreADuplicateWhoseFixIsToLinkOne: GoldenGraph {
        static func validate() throws { _ = try ComponentFactory.of(TwoLinkedScannersRoot.self) }
    }
}
