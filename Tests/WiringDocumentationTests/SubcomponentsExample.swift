// The examples of the article Subcomponents, as the article shows them.

import Wiring

struct CustomerID: BindingTag {
    typealias Element = String
}

struct SessionScope: Scope {}

final class CustomerSession: Sendable {
    let customer: String
    let bankName: String

    init(customer: TaggedProvider<CustomerID>, bankName: String) {
        self.customer = customer.get()
        self.bankName = bankName
    }
}

struct SessionComponent: Component {
    typealias Seed = TaggedProvider<CustomerID>
    typealias Root = CustomerSession

    static func configure(binder: Binder<SessionScope>) {
        binder.bind(CustomerSession.self).sharedInScope().to(factory: CustomerSession.init)
    }

    static func configureRoot(binder bind: ReceiptBinder<CustomerSession>) -> BindingReceipt<CustomerSession> {
        bind.to { (session: CustomerSession) in session }
    }
}

struct BranchComponent: RootComponent {
    typealias Root = ComponentFactory<SessionComponent>

    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self).to(value: "First Bank")
        binder.install(dependency: SessionComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (sessions: ComponentFactory<SessionComponent>) in sessions }
    }
}

func startTwoSessions() throws -> (alice: CustomerSession, bob: CustomerSession) {
    let sessions = try ComponentFactory.of(BranchComponent.self).build()
    return (sessions.build("alice"), sessions.build("bob"))
}
