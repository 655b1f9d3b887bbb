import Testing
import Wiring
import WiringTesting

/// Compiles and runs the examples of "Writing a wiring library".
struct WritingAWiringLibraryTests {
    @Test func theWiringLibraryExampleValidatesAndPrintsAReceipt() throws {
        let factory = try #require(expectValidGraph(ReceiptsAppComponent.self))
        #expect(factory.build().receipt(forCents: 4500) == "ATM 42: $45.00")
    }
}
