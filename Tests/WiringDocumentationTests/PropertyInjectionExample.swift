// The examples of the article PropertyInjection, as the article shows them.

import Wiring

final class DepositViewController {
    var title = ""
    var limitCents = 0

    func inject(title: String, limit: TaggedProvider<DepositLimit>) {
        self.title = title
        self.limitCents = limit.get()
    }
}

struct DepositLimit: BindingTag {
    typealias Element = Int
}

struct ScreensModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "Deposit")
        binder.bind(Int.self).tagged(with: DepositLimit.self).to(value: 250_000)
        binder.bindPropertyInjectionOf(DepositViewController.self).to(injector: DepositViewController.inject)
    }
}

struct ScreensComponent: RootComponent {
    typealias Root = PropertyInjector<DepositViewController>

    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ScreensModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (injector: PropertyInjector<DepositViewController>) in injector }
    }
}

func makeDepositViewController() throws -> DepositViewController {
    let controller = DepositViewController()
    try ComponentFactory.of(ScreensComponent.self).build().injectProperties(into: controller)
    return controller
}
