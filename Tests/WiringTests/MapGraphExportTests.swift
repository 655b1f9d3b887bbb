// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Foundation
import Testing
@testable import Wiring

/// How maps show in `ComponentFactory.graph` and its renderers: each entry with its key.
struct MapGraphExportTests {
    @Test func eachEntryIsABindingWithItsKeyAndTheMapsRequestsReachEveryEntry() throws {
        let graph = try ComponentFactory.of(ShelfRoot.self).graph
        let entries = graph.bindings(of: [String: Shelf].self)
        #expect(entries.map(\.id) == [
            #"Swift.Dictionary<Swift.String, WiringTests.Shelf>["books"]"#,
            #"Swift.Dictionary<Swift.String, WiringTests.Shelf>["games"]"#,
        ])
        #expect(entries.map(\.mapKey) == [#""books""#, #""games""#])
        #expect(entries.map(\.mapRole) == [.entry, .entry])
        #expect(entries.map(\.kind) == [.contribution, .contribution])
        #expect(entries.map(\.name) == ["[String: Shelf]", "[String: Shelf]"])
        #expect(graph.bindings(of: [Int: Shelf].self).map(\.mapRole) == [.declaration])
        #expect(graph.dependencies(of: "root") == [
            .init(from: "root", to: entries.map(\.id), parameter: "[String: Shelf]", kind: .instance),
            .init(from: "root", to: entries.map(\.id), parameter: "[String: Provider<Shelf>]", kind: .provider),
            .init(from: "root", to: ["Swift.Dictionary<Swift.Int, WiringTests.Shelf>@1"], parameter: "[Int: Shelf]", kind: .instance),
            .init(from: "root", to: ["Wiring.ComponentFactory<WiringTests.Backroom>"], parameter: "ComponentFactory<Backroom>", kind: .instance),
        ])
    }

    @Test func theTextRenderingNamesEachEntrysKey() throws {
        let text = try ComponentFactory.of(ShelfRoot.self).graph.rendered(as: .text)
        #expect(text == """
            ShelfRoot (scope Singleton)
            Aisle  root · ShelfRoot, Shop/Root.swift:9
            ├── [String: Shelf]  map entry "books" · BooksWiringModule, Books/Wiring.swift:3
            ├── [String: Shelf]  map entry "games" · shared in Singleton · GamesWiringModule, Games/Wiring.swift:4
            ├── [String: Shelf]  map entry "books" · BooksWiringModule, Books/Wiring.swift:3
            ├── [String: Shelf]  map entry "games" · shared in Singleton · GamesWiringModule, Games/Wiring.swift:4
            ├── [Int: Shelf]  map declaration · ShelfRoot, Shop/Root.swift:5
            └── ComponentFactory<Backroom>  ShelfRoot, Shop/Root.swift:6

            Subcomponent Backroom (scope Unscoped), installed at Shop/Root.swift:6
            [String: Shelf]  root · Backroom, Backroom/Root.swift:3
            ├── [String: Shelf]  map entry "stock" · Backroom, Backroom/Wiring.swift:2
            ├── [String: Shelf]  map entry "books" · BooksWiringModule, Books/Wiring.swift:3
            └── [String: Shelf]  map entry "games" · shared in Singleton · GamesWiringModule, Games/Wiring.swift:4

            """)
    }

    @Test func theDOTAndMermaidRenderingsLabelEachEntryWithItsKey() throws {
        let graph = try ComponentFactory.of(ShelfRoot.self).graph
        let dot = graph.rendered(as: .dot)
        #expect(dot.contains(#"    "Swift.Dictionary<Swift.String, WiringTests.Shelf>[\"books\"]" [label="[String: Shelf]\nmap entry \"books\"\nBooksWiringModule, Books/Wiring.swift:3"];"#))
        let mermaid = graph.rendered(as: .mermaid)
        #expect(mermaid.contains(#"    n0["[String: Shelf]<br/>map entry #quot;books#quot;"]"#))
        if let graphviz = GraphExportTests.executable("dot") {
            let result = try GraphExportTests.run(graphviz, ["-Tsvg"], input: dot)
            #expect(result.status == 0, "dot rejected the output: \(result.error)")
        }
    }

    @Test func theJSONRenderingCarriesTheKeyAndRoleAndRoundTrips() throws {
        let graph = try ComponentFactory.of(ShelfRoot.self).graph
        let json = graph.rendered(as: .json)
        #expect(json.contains(#""mapKey" : "\"books\"""#))
        #expect(json.contains(#""mapRole" : "entry""#))
        #expect(json.contains(#""mapRole" : "declaration""#))
        let decoded = try JSONDecoder().decode(ObjectGraph.self, from: Data(json.utf8))
        #expect(decoded == graph)
    }

    /// A subcomponent's map request reaches its own entries, then its ancestors', in the order
    /// of a subcomponent's collection.
    @Test func aSubcomponentsMapRequestReachesItsAncestorsEntries() throws {
        let graph = try ComponentFactory.of(ShelfRoot.self).graph
        let backroom = try #require(graph.subcomponents.first)
        #expect(backroom.dependencies(of: "Backroom/root").first?.to == [
            #"Backroom/Swift.Dictionary<Swift.String, WiringTests.Shelf>["stock"]"#,
            #"Swift.Dictionary<Swift.String, WiringTests.Shelf>["books"]"#,
            #"Swift.Dictionary<Swift.String, WiringTests.Shelf>["games"]"#,
        ])
    }
}

// MARK: - Fixtures

final class Shelf: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

private struct BooksWiringModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Shelf.self, file: "Books/Wiring.swift", line: 3).intoMap(key: "books").to { Shelf(name: "books") }
    }
}

private struct GamesWiringModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Shelf.self, file: "Games/Wiring.swift", line: 4).intoMap(key: "games").sharedInScope().to { Shelf(name: "games") }
    }
}

private struct Backroom: Component {
    typealias Root = [String: Shelf]
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(Shelf.self, file: "Backroom/Wiring.swift", line: 2).intoMap(key: "stock").to { Shelf(name: "stock") }
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: Shelf]>) -> BindingReceipt<[String: Shelf]> {
        bind.to(file: "Backroom/Root.swift", line: 3) { (all: [String: Shelf]) in all }
    }
}

private struct Aisle {
    let shelves: [String: Shelf]
    let lazily: [String: Provider<Shelf>]
    let numbered: [Int: Shelf]
}

private struct ShelfRoot: RootComponent {
    typealias Root = Aisle
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: BooksWiringModule.self)
        binder.include(module: GamesWiringModule.self)
        binder.declareMap([Int: Shelf].self, file: "Shop/Root.swift", line: 5)
        binder.install(dependency: Backroom.self, file: "Shop/Root.swift", line: 6)
    }
    static func configureRoot(binder bind: ReceiptBinder<Aisle>) -> BindingReceipt<Aisle> {
        bind.to(file: "Shop/Root.swift", line: 9) { (shelves: [String: Shelf], lazily: [String: Provider<Shelf>], numbered: [Int: Shelf], _: ComponentFactory<Backroom>) in
            Aisle(shelves: shelves, lazily: lazily, numbered: numbered)
        }
    }
}
#endif
