import Foundation
import Testing
import Wiring

/// The README's first example: the file `ReadmeFirstExample.swift` is its ```swift block, line
/// for line, so it is compiled; here it is run, and the error the README shows beside it is
/// checked word for word.
struct ReadmeFirstExampleTests {
    static let source = DocumentationExampleTests.packageRoot.appendingPathComponent("Tests/WiringDocumentationTests/ReadmeFirstExample.swift")

    @Test func theFirstSwiftBlockOfTheReadmeIsThisTargetsFileLineForLine() throws {
        let readme = try String(contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let first = try #require(DocumentationExampleTests.blocks(in: readme, language: "swift").first { $0.contains("showForecast") })
        let file = try String(contentsOf: Self.source, encoding: .utf8)
        #expect(first + "\n" == file)
    }

    @Test func theExampleValidatesAndRuns() throws {
        try showForecast()
        let factory = try ComponentFactory.of(WeatherApp.self, rules: .all)
        #expect(factory.build(City(name: "Lisbon")).headline == "Sunny in Lisbon")
    }

    @Test func theErrorTheReadmeShowsIsTheOneOfTheExampleWithoutItsModule() throws {
        let readme = try String(contentsOf: DocumentationExampleTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try #require(DocumentationExampleTests.blocks(in: readme, language: "text").first { $0.contains("object graph of WeatherApp") })
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(WithoutItsModule.WeatherApp.self) }
        #expect(error.description == shown)
    }

    /// The example's app with `binder.include(module: WeatherModule.self)` commented out; its
    /// root is bound where the README's file binds it, as `WeatherApp/WeatherApp.swift`.
    enum WithoutItsModule {
        struct WeatherApp: RootComponent {
            typealias Seed = City
            typealias Root = ForecastScreen

            static func configure(binder: Binder<Singleton>) {}

            static func configureRoot(binder bind: ReceiptBinder<ForecastScreen>) -> BindingReceipt<ForecastScreen> {
                bind.to(file: "WeatherApp/WeatherApp.swift", line: rootLine, factory: ForecastScreen.init)
            }

            /// The line of `bind.to(factory: ForecastScreen.init)` in the README's example.
            static var rootLine: Int {
                let lines = (try? String(contentsOf: ReadmeFirstExampleTests.source, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
                return (lines.firstIndex { $0.contains("bind.to(factory: ForecastScreen.init)") } ?? -1) + 1
            }
        }
    }
}
