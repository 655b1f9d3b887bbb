import Wiring
import WiringTesting
import XCTest

/// The same assertions from XCTest.
final class XCTestAssertionTests: XCTestCase {
    func testAValidGraphPassesInXCTest() throws {
        let factory = try XCTUnwrap(expectValidGraph(SoundRoot.self))
        XCTAssertEqual(factory.build(), "ok")
        XCTAssertEqual(expectBinding(Greeting.self, in: factory).map(\.name), ["Greeting"])
        expectNoBinding(Double.self, in: factory)
    }
}
