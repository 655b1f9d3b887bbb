import Wiring

// A core library: plain Swift, it knows nothing of Wiring.
protocol WeatherService: Sendable {
    func forecast(for city: City) -> String
}

struct City: Sendable {
    let name: String
}

struct SunnyWeatherService: WeatherService {
    func forecast(for city: City) -> String { "Sunny in \(city.name)" }
}

struct ForecastScreen {
    let weather: any WeatherService
    let city: City

    var headline: String { weather.forecast(for: city) }
}

// Its wiring library: bindings, and nothing else.
struct WeatherModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind((any WeatherService).self).to { SunnyWeatherService() }
    }
}

// The app: it includes the wiring libraries it wants and says how its root is made. The seed
// is what each build is given.
struct WeatherApp: RootComponent {
    typealias Seed = City
    typealias Root = ForecastScreen

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: WeatherModule.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<ForecastScreen>) -> BindingReceipt<ForecastScreen> {
        bind.to(factory: ForecastScreen.init)   // every parameter resolved from the graph
    }
}

func showForecast() throws {
    let factory = try ComponentFactory.of(WeatherApp.self)   // configure, validate, link: once
    let screen = factory.build(City(name: "Lisbon"))          // cheap: build as often as you like
    print(screen.headline)                                   // Sunny in Lisbon
}
