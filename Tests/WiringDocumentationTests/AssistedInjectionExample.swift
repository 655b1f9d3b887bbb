// The examples of the article AssistedInjection, as the article shows them.

import Wiring

struct ReceiptPrinterHeader {
    let text: String
}

final class ReceiptScreen: Sendable {
    let depositID: String
    let header: String

    init(depositID: Assisted<String>, header: ReceiptPrinterHeader) {
        self.depositID = depositID.get()
        self.header = header.text
    }
}

struct ReceiptScreenFactory: AssistedFactory {
    typealias Seed = String
    typealias Element = ReceiptScreen
}

struct ReceiptModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(ReceiptPrinterHeader.self).to { ReceiptPrinterHeader(text: "ATM 42") }
        binder.bindFactory(ReceiptScreen.self).with(ReceiptScreenFactory.self).to(factory: ReceiptScreen.init)
    }
}

struct ReceiptsComponent: RootComponent {
    typealias Root = Factory<ReceiptScreenFactory>

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ReceiptModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (screens: Factory<ReceiptScreenFactory>) in screens }
    }
}

func openReceiptScreen() throws -> ReceiptScreen {
    let screens = try ComponentFactory.of(ReceiptsComponent.self).build()
    return screens.build("dep-000042")
}
