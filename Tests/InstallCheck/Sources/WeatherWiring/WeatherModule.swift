public import Wiring
public import Weather

/// The wiring library of Weather: bindings only.
public struct GreetingModule: Module {
    public static func configure(binder: Binder<Unscoped>) {
        binder.bind(Greeting.self).to(value: Greeting(text: "Hello from a graph"))
    }
}

public struct AppComponent: RootComponent {
    public typealias Root = Greeter

    public static func configure(binder: Binder<Singleton>) {
        binder.include(module: GreetingModule.self)
    }

    public static func configureRoot(binder bind: ReceiptBinder<Greeter>) -> BindingReceipt<Greeter> {
        bind.to(factory: Greeter.init)
    }
}

/// A root whose module was forgotten: the tests check that it is reported at their own line.
public struct ForgetfulComponent: RootComponent {
    public typealias Root = Greeter

    public static func configure(binder: Binder<Singleton>) {}

    public static func configureRoot(binder bind: ReceiptBinder<Greeter>) -> BindingReceipt<Greeter> {
        bind.to(factory: Greeter.init)
    }
}
