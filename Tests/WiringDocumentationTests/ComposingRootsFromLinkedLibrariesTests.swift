import Testing
import TellerWiring
import Wiring

/// Runs the example of "Composing roots from linked libraries": the generated `LinkedWiring`
/// includes the one module of TellerWiring that fits the root.
struct ComposingRootsFromLinkedLibrariesTests {
    @Test func theRootGetsTheLinkedLibrarysModuleAndNotTheOthers() throws {
        let factory = try ComponentFactory.of(TellerRootComponent.self)
        #expect(factory.build(()) == "Welcome")
        #expect(factory.graph.modules.map(\.module).sorted() == [
            "TellerWiring.GreetingModule", "WiringDocumentationTests.LinkedWiring",
        ])
    }
}
