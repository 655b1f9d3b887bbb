import Testing
import Wiring

/// Property injection: dependencies set on objects the graph does not create.
struct PropertyInjectionTests {
    @Test func aFlatInjectorSetsTheObjectsProperties() throws {
        let injectors = try ComponentFactory.of(InjectionRoot.self).build()
        let screen = Screen()
        injectors.screens.injectProperties(into: screen)
        #expect(screen.title == "Deposit")
        #expect(screen.limit == 50)
    }

    @Test func aCurriedInjectorIsAnUnappliedMethod() throws {
        let injectors = try ComponentFactory.of(InjectionRoot.self).build()
        let detail = DetailScreen()
        injectors.details.injectProperties(into: detail)
        #expect(detail.title == "Deposit")
        #expect(detail.limit == 50)
        #expect(detail.subtitle == "for alice")
    }

    @Test func theRootCanBeAPropertyInjector() throws {
        let injector = try ComponentFactory.of(InjectorRoot.self).build()
        let screen = Screen()
        injector.injectProperties(into: screen)
        #expect(screen.title == "Deposit")
    }
}

// MARK: - Fixtures

private struct Limit: Wiring.BindingTag { typealias Element = Int }

private class Screen {
    var title = ""
    var limit = 0
}

private final class DetailScreen: Screen {
    var subtitle = ""

    /// Injects the base class's properties with its injector, then its own.
    func inject(base: PropertyInjector<Screen>, account: String) {
        base.injectProperties(into: self)
        subtitle = "for \(account)"
    }
}

private struct Injectors {
    let screens: PropertyInjector<Screen>
    let details: PropertyInjector<DetailScreen>
}

private struct ScreenModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "Deposit")
        binder.bind(Int.self).tagged(with: Limit.self).to(value: 50)
        binder.bind(String.self).tagged(with: AccountTag.self).to(value: "alice")
        binder.bindPropertyInjectionOf(Screen.self).to { (screen: Screen, title: String, limit: TaggedProvider<Limit>) in
            screen.title = title
            screen.limit = limit.get()
        }
        binder.bindPropertyInjectionOf(DetailScreen.self).to { (detail: DetailScreen, base: PropertyInjector<Screen>, account: TaggedProvider<AccountTag>) in
            detail.inject(base: base, account: account.get())
        }
    }
}

private struct AccountTag: Wiring.BindingTag { typealias Element = String }

private struct InjectionRoot: RootComponent {
    typealias Root = Injectors
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: ScreenModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Injectors>) -> BindingReceipt<Injectors> {
        bind.to(factory: Injectors.init)
    }
}

private final class Titled {
    var title = ""
    func inject(title: String) { self.title = title }
}

private struct InjectorRoot: RootComponent {
    typealias Root = PropertyInjector<Screen>
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self).to(value: "Deposit")
        binder.bindPropertyInjectionOf(Titled.self).to(injector: Titled.inject)
    }
    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.propertyInjector { bind in
            bind.to { (screen: Screen, title: String, titled: PropertyInjector<Titled>) in
                screen.title = title
                titled.injectProperties(into: Titled())
            }
        }
    }
}
