// The example of the article MigratingFromCleanse, as the article shows it: code written for
// Cleanse, with its import changed.
import WiringCleanse

final class Engine {
    init() {}
}

final class Car {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}

struct CarModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Engine.self).to(factory: Engine.init)
    }
}

struct GarageComponent: Cleanse.RootComponent {
    typealias Root = Car

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CarModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Car>) -> BindingReceipt<Car> {
        bind.to(factory: Car.init)
    }
}
