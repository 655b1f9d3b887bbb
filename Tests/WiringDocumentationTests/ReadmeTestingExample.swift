import Testing
import Wiring
import WiringTesting

struct RainyWeatherService: WeatherService {
    func forecast(for city: City) -> String { "Rain in \(city.name)" }
}

@Test func theWeatherGraphIsValid() {
    expectValidGraph(WeatherApp.self)
}

@Test func theScreenShowsWhatTheServiceSays() throws {
    let factory = try ComponentFactory.of(WeatherApp.self, replacing: { binder in
        binder.bind((any WeatherService).self).to { RainyWeatherService() }
    })
    #expect(factory.build(City(name: "Porto")).headline == "Rain in Porto")
}
