import WiringCleanse

// Code as it was written for Cleanse: plain classes, no Sendable, Swift 5 mode; only the import
// changed.
class Engine { init() {} }
class Wheel { let size: Int; init(size: Int) { self.size = size } }
class Radio { init(engine: Engine) {} }
class Car {
    let engine: Engine
    let wheels: [Wheel]
    init(engine: Engine, wheels: [Wheel], radio: Provider<Radio>) { self.engine = engine; self.wheels = wheels }
}
struct WheelSize: Tag { typealias Element = Int }
class Garage { var car: Car?; func injectProperties(_ car: Car) { self.car = car } }
class Dashboard { init(car: Car, size: TaggedProvider<WheelSize>) {} }

struct CarModule: Cleanse.Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Engine.self).to(factory: Engine.init)
        binder.bind(Radio.self).to1(factory: Radio.init)
        binder.bind(Int.self).tagged(with: WheelSize.self).to(value: 17)
        binder.bind(Wheel.self).intoCollection().to { (size: TaggedProvider<WheelSize>) in Wheel(size: size.get()) }
        binder.bind(Car.self).to(factory: Car.init)
        binder.bind(Dashboard.self).to(factory: Dashboard.init)
        binder.bindPropertyInjectionOf(Garage.self).to(injector: Garage.injectProperties)
    }
}

struct GarageComponent: RootComponent {
    typealias Root = PropertyInjector<Garage>
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: CarModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<Garage>>) -> BindingReceipt<PropertyInjector<Garage>> {
        bind.to(factory: { (injector: PropertyInjector<Garage>) in injector })
    }
}

/// Fills a garage from the graph, as a Cleanse app would.
public func parkedWheelCount() throws -> Int {
    let garage = Garage()
    try ComponentFactory.of(GarageComponent.self, validate: true).build(()).injectProperties(into: garage)
    return garage.car?.wheels.count ?? 0
}
