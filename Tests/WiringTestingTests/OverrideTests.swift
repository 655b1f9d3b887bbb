import Testing
import Wiring
import WiringTesting

/// `ComponentFactory.of(_:replacing:)` swaps single bindings for one test, visibly.
struct OverrideTests {
    @Test func aReplacementReplacesTheComponentsBinding() throws {
        let factory = try ComponentFactory.of(SoundRoot.self, replacing: { binder in
            binder.bind(Greeting.self, file: "Tests/Override.swift", line: 7).to { Greeting(text: "replaced") }
        })
        #expect(factory.build() == "replaced")
    }

    @Test func theReplacementIsReportedInTheGraph() throws {
        let factory = try ComponentFactory.of(SoundRoot.self, replacing: { binder in
            binder.bind(Greeting.self, file: "Tests/Override.swift", line: 7).to { Greeting(text: "replaced") }
        })
        let bindings = expectBinding(Greeting.self, in: factory)
        #expect(bindings.map(\.isOverride) == [true])
        #expect(bindings.map(\.location) == [SourceLocation(fileID: "Tests/Override.swift", line: 7)])
        #expect(factory.graph.rendered(as: .text).contains("Greeting  override · SoundRoot, Tests/Override.swift:7"))
    }

    @Test func replacingATypeTheComponentDoesNotBindIsAnError() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(SoundRoot.self, replacing: { binder in
                binder.bind(Double.self, file: "Tests/Override.swift", line: 9).to(value: 1.5)
            })
        }
        #expect(error.diagnostics.map(\.description) == ["""
            Tests/Override.swift:9: error: The override of Double replaces nothing: SoundRoot does not bind Double.
              overridden at Tests/Override.swift:9 in SoundRoot
              To fix this, override a type the component binds, or add the binding to the component instead.
            """])
    }

    /// The root, which `configureRoot` makes, is no binding a replacement replaces: the message
    /// says so, and names what the root takes, which a test can replace.
    @Test func replacingTheRootNamesWhatTheRootTakes() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(SoundRoot.self, replacing: { binder in
                binder.bind(String.self, file: "Tests/Override.swift", line: 11).to(value: "replaced")
            })
        }
        #expect(error.diagnostics.map(\.description) == ["""
            Tests/Override.swift:11: error: The override of String replaces nothing: String is the root of SoundRoot, which \
            its configureRoot makes, and a test's replacements replace bindings, not the root.
              overridden at Tests/Override.swift:11 in SoundRoot
              the root made by configureRoot at WiringTestingTests/GraphAssertionTests.swift:61 in SoundRoot
              To fix this, replace what the root takes instead (Greeting): configureRoot then makes the root from the \
            replacement.
            """])
    }

    /// Two overrides of one type nothing binds are one mistake: one "replaces nothing", beside
    /// the duplicate the second override makes.
    @Test func replacingATypeTheComponentDoesNotBindTwiceIsReportedOnce() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(SoundRoot.self, replacing: { binder in
                binder.bind(Double.self, file: "Tests/Override.swift", line: 9).to(value: 1.5)
                binder.bind(Double.self, file: "Tests/Override.swift", line: 10).to(value: 2.5)
            })
        }
        #expect(error.diagnostics.map(\.description) == OverrideTests.twiceReplacedNothing)
    }

    @Test func aReplacementCanTakeDependenciesFromTheGraph() throws {
        let factory = try ComponentFactory.of(SoundRoot.self, replacing: { binder in
            binder.bind(Greeting.self).to { (retries: TaggedProvider<Retries>) in Greeting(text: "retries: \(retries.get())") }
        })
        #expect(factory.build() == "retries: 3")
    }

    static let twiceReplacedNothing = [
        """
        Tests/Override.swift:9: error: The override of Double replaces nothing: SoundRoot does not bind Double.
          overridden at Tests/Override.swift:9 in SoundRoot
          To fix this, override a type the component binds, or add the binding to the component instead.
        """,
        """
        Tests/Override.swift:9: error: Double is bound more than once.
          bound at Tests/Override.swift:9 in SoundRoot
          bound again at Tests/Override.swift:10 in SoundRoot
          To fix this, keep one binding of Double: include only one of the modules that bind it, or tag one binding with \
        .tagged(with:) and request it as TaggedProvider. To provide several values, contribute each with .intoCollection().
        """,
    ]
}
