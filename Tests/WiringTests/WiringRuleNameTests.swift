import LinkedWiringScanner
import Testing
// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
@testable import Wiring

/// Rule 2's name rule: which core library is a wiring library's sibling.
struct WiringRuleNameTests {
    @Test(arguments: [
        ("NetworkWiring", ["Network"]),
        ("FakeNetworkWiring", ["FakeNetwork", "Network"]),
        ("ATMLibWiring", ["ATMLib"]),
        ("Wiring", nil),
        ("ATMApp", nil),
        ("FakeWiring", ["Fake"]),
        ("Wiringwiring", nil),
    ] as [(String, [String]?)])
    func theSiblingOfAWiringLibraryIsItsNameWithoutWiring(library: String, siblings: [String]?) {
        #expect(WiringRule.siblings(ofWiringLibrary: library) == siblings)
        // The build-time check (LinkedWiringScanner, which cannot import Wiring) has its own
        // copy of the name rule: the same answer for every case.
        #expect(GraphCheck.siblings(ofWiringLibrary: library) == siblings)
    }
}
#endif
