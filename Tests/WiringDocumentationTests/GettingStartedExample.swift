// The example of the article GettingStarted, as the article shows it: its blocks, in order, as
// one file.

import Wiring

final class BillScanner: Sendable {
    func totalCents(of notes: [Int]) -> Int {
        notes.reduce(0, +) * 100
    }
}

protocol NetworkExecutor: Sendable {
    func send(cents: Int, for customer: String) -> String
}

final class LoopbackNetwork: NetworkExecutor {
    let bankURL: String

    init(bankURL: TaggedProvider<BankURL>) {
        self.bankURL = bankURL.get()
    }

    func send(cents: Int, for customer: String) -> String {
        "\(customer): \(cents) cents sent to \(bankURL)"
    }
}

struct ReceiptNotice: Sendable {
    let text: String
}

struct ATMDepositer {
    let customer: String
    let scanners: Provider<BillScanner>
    let network: any NetworkExecutor
    let notices: [ReceiptNotice]

    func deposit(_ notes: [Int]) -> [String] {
        let cents = scanners.get().totalCents(of: notes)
        return [network.send(cents: cents, for: customer)] + notices.map(\.text)
    }
}

struct BankURL: BindingTag {
    typealias Element = String
}

struct ATMLibModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(BillScanner.self).to(factory: BillScanner.init)
        binder.bind(ReceiptNotice.self).intoCollection().to(value: ReceiptNotice(text: "Thank you"))
    }
}

struct NetworkModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).tagged(with: BankURL.self).to(value: "https://bank.example")
        binder.bind((any NetworkExecutor).self).sharedInScope().to(factory: LoopbackNetwork.init)
        binder.bind(ReceiptNotice.self).intoCollection().to(value: ReceiptNotice(text: "Deposits sent after 18:00 count tomorrow"))
    }
}

struct CustomerScope: Scope {}

struct CustomerSessionComponent: Component {
    typealias Seed = String
    typealias Root = ATMDepositer

    static func configure(binder: Binder<CustomerScope>) {
        binder.bind(ATMDepositer.self).sharedInScope().to(factory: ATMDepositer.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMDepositer>) -> BindingReceipt<ATMDepositer> {
        bind.to { (depositer: ATMDepositer) in depositer }
    }
}

struct ATMScreen {
    let sessions: ComponentFactory<CustomerSessionComponent>

    func deposit(_ notes: [Int], for customer: String) -> [String] {
        sessions.build(customer).deposit(notes)
    }
}

struct ApplicationRootComponent: RootComponent {
    typealias Root = ATMScreen

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: ATMLibModule.self)
        binder.include(module: NetworkModule.self)
        binder.install(dependency: CustomerSessionComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ATMScreen>) -> BindingReceipt<ATMScreen> {
        bind.to(factory: ATMScreen.init)
    }
}

func depositForAlice() throws -> [String] {
    let factory = try ComponentFactory.of(ApplicationRootComponent.self)   // configure, validate, link: once
    let screen = factory.build(())                                          // cheap: build as often as you like
    return screen.deposit([20, 20, 5], for: "alice")
}
