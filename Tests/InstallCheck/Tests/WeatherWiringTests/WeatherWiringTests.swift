import WeatherWiring
import Testing
import WiringTesting

struct WeatherWiringTests {
    @Test func theAppGraphValidates() throws {
        let factory = try #require(expectValidGraph(AppComponent.self))
        #expect(factory.build().greeting.text == "Hello from a graph")
    }

    @Test func aBrokenGraphIsReportedAtThisLine() {
        let line = #line + 2
        withKnownIssue {
            expectValidGraph(ForgetfulComponent.self)
        } matching: { issue in
            issue.sourceLocation?.fileID == "WeatherWiringTests/WeatherWiringTests.swift" && issue.sourceLocation?.line == line
                && issue.comments.first?.rawValue.contains("Missing binding for Greeting.") == true
        }
    }
}
