// The example of the article ComposingRootsFromLinkedLibraries, as the article shows it. This
// target links TellerWiring (Tests/Fixtures/TellerWiring) and applies the LinkedWiring plugin,
// which generates the `LinkedWiring` the root includes.

import TellerWiring
import Wiring

struct TellerRootComponent: RootComponent {
    typealias Root = String

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LinkedWiring.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<String>) -> BindingReceipt<String> {
        bind.to { (greeting: Greeting) in greeting.text }
    }
}
