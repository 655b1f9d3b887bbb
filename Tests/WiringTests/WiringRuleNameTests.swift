import LinkedWiringScanner
import Testing
// Reads Wiring's internals (`@testable import`), so it is compiled in debug only: Scripts/test's
// release run builds as a user's release build does, without testability.
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
