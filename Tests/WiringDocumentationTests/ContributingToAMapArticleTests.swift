import Foundation
import Synchronization
import Testing
import Wiring
import WiringTesting

/// Runs the examples of "Contributing to a map from many libraries"
/// (Wiring.docc/ContributingToAMapFromManyLibraries.md) and checks that the messages and the tree
/// the article prints are the ones Wiring gives, word for word. `DocumentationExampleTests` checks
/// that every code block of the article is compiled.
struct ContributingToAMapArticleTests {
    /// The article's ```text blocks, in order.
    static func textBlocks() throws -> [String] {
        let url = DocumentationExampleTests.catalog.appendingPathComponent("ContributingToAMapFromManyLibraries.md")
        return DocumentationExampleTests.blocks(in: try String(contentsOf: url, encoding: .utf8), language: "text")
    }

    /// The text tree with the `, file:line` after each module cut, as the article prints it.
    static func withoutLocations(_ tree: String) throws -> String {
        let location = try Regex(#", [A-Za-z/]+\.swift:[0-9]+"#)
        return tree.replacing(location, with: "")
    }

    @Test func theArticlesFunctionsReturnWhatItSays() throws {
        let order = try openOrder42()
        #expect(order.routes == ["orders", "search"])
        #expect(order.shipped == "order 42 has shipped")
        let account = try openAdasSettings()
        #expect(account.routes == ["account", "orders", "search"])
        #expect(account.settings == "ada's settings")
    }

    @Test func theArticlesTextBlocksAreWhatWiringPrintsInOrder() throws {
        let duplicate = try #require(throws: ValidationError.self) { try ComponentFactory.of(ShopWithBothOrdersComponent.self) }
        let mistyped = try #require(throws: ValidationError.self) { try ComponentFactory.of(MistypedShopComponent.self) }
        let tree = try Self.withoutLocations(Self.withoutSearch().graph.rendered(as: .text))
        let blocks = try Self.textBlocks()
        #expect(blocks.count == 3)
        #expect(blocks.prefix(2) == [duplicate.description, mistyped.description])
        #expect(tree.hasPrefix(blocks[2] + "\n"))
    }

    @Test func twoEntriesUnderOneKeyAreReportedWordForWord() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ShopWithBothOrdersComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateMapKey])
        #expect(error.description == """
            Wiring found 1 problem in the object graph of ShopWithBothOrdersComponent:

            FakeOrdersWiring/FakeOrderLinksModule.swift:6: error: [String: any DeepLinkHandler] has more than one entry under the key "orders".
              contributed at OrdersWiring/OrderLinksModule.swift:8 in OrderLinksModule
              contributed again at FakeOrdersWiring/FakeOrderLinksModule.swift:6 in FakeOrderLinksModule
              To fix this, give each entry a key of its own, or include only one of the modules that contribute "orders". \
            To swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting.
            """)
    }

    @Test func theAppRoutesEachLinkToTheHandlerOfItsRoute() throws {
        let app = try ComponentFactory.of(ShopAppComponent.self).build()
        let shipped = app.links.open("orders/42")
        #expect(app.links.routes == ["orders", "search"])
        #expect(shipped == "order 42 has shipped")
        #expect(app.links.open("search/shoes") == "results for shoes")
        #expect(app.links.open("account/settings") == nil)
    }

    @Test func theRouterMakesOnlyTheHandlerOfTheLinkItOpens() throws {
        let made = Mutex<[String]>([])
        let factory = try ComponentFactory.of(ShopAppComponent.self, replacing: { binder in
            for route in ["orders", "search"] {
                binder.bind((any DeepLinkHandler).self).intoMap(key: route).to {
                    made.withLock { $0.append(route) }
                    return FakeOrderLinkHandler() as any DeepLinkHandler
                }
            }
        })
        let app = factory.build()
        #expect(made.withLock { $0 } == [])
        _ = app.links.open("orders/42")
        #expect(made.withLock { $0 } == ["orders"])
        _ = app.links.open("orders/43")
        #expect(made.withLock { $0 } == ["orders", "orders"])
    }

    @Test func theDevelopmentAppOpensOrdersWithTheFake() throws {
        let router = try ComponentFactory.of(ShopDevComponent.self).build()
        #expect(router.routes == ["orders", "search"])
        #expect(router.open("orders/42") == "fake order 42")
        #expect(router.open("search/shoes") == "results for shoes")
    }

    @Test func aDeclaredMapWithoutContributionsIsEmpty() throws {
        let router = try ComponentFactory.of(ShopWithoutFeaturesComponent.self).build()
        #expect(router.routes == [])
        #expect(router.open("orders/42") == nil)
    }

    @Test func aMapNothingContributesToIsAMissingBindingWithADidYouMean() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(MistypedShopComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.missingBinding])
        #expect(error.description == """
            Wiring found 1 problem in the object graph of MistypedShopComponent:

            Shop/MistypedShopComponent.swift:9: error: Missing binding for [Substring: any DeepLinkHandler].
              required by Int, the root of MistypedShopComponent at Shop/MistypedShopComponent.swift:9
              Did you mean [String: any DeepLinkHandler]? It is bound at OrdersWiring/OrderLinksModule.swift:8 in OrderLinksModule.
              To fix this, contribute to it with binder.bind((any DeepLinkHandler).self).intoMap(key: ...).to(...) in a module that \
            MistypedShopComponent includes, or include the module that contributes to it; if the map may have no entries, declare it \
            with binder.declareMap([Substring: any DeepLinkHandler].self).
            """)
    }

    @Test func aMapAlsoBoundAsASingleValueIsADuplicateBinding() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(SingleValueLinksComponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateBinding])
    }

    @Test func aSubcomponentAddsItsEntryToTheAppsMap() throws {
        let app = try ComponentFactory.of(ShopAppComponent.self).build()
        let signedIn = app.signIn.build("ada")
        let settings = signedIn.open("account/settings")
        #expect(signedIn.routes == ["account", "orders", "search"])
        #expect(settings == "ada's settings")
        #expect(app.links.routes == ["orders", "search"])
    }

    @Test func aSubcomponentCannotReplaceItsAncestorsEntry() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(ShopWithReplacingSubcomponent.self) }
        #expect(error.diagnostics.map(\.kind) == [.duplicateMapKey])
        #expect(error.diagnostics.map(\.message) == ["""
            [String: any DeepLinkHandler] in ReplacingSignedInComponent has an entry under the key "orders", which the map of \
            its ancestor ShopWithReplacingSubcomponent already has.
              in ShopWithReplacingSubcomponent > ReplacingSignedInComponent
              contributed at OrdersWiring/OrderLinksModule.swift:8 in OrderLinksModule (ShopWithReplacingSubcomponent)
              contributed again at Shop/SignedIn.swift:4 in ReplacingSignedInComponent (ReplacingSignedInComponent)
              To fix this, give the entry of ReplacingSignedInComponent a key of its own: a subcomponent adds entries to its \
            ancestors' map but cannot replace one.
            """])
    }

    @Test func aReplacementSwapsOneEntryForOneTest() throws {
        let factory = try ComponentFactory.of(ShopAppComponent.self, replacing: { binder in
            binder.bind((any DeepLinkHandler).self).intoMap(key: "orders").to { FakeOrderLinkHandler() as any DeepLinkHandler }
        })
        #expect(factory.build().links.open("orders/42") == "fake order 42")
        #expect(factory.build().links.open("search/shoes") == "results for shoes")
        #expect(factory.build().links.routes == ["orders", "search"])
        let entries = factory.graph.bindings(of: [String: any DeepLinkHandler].self)
        #expect(entries.map(\.mapKey) == [nil, #""search""#, #""orders""#])
        #expect(entries.map(\.isOverride) == [false, false, true])
    }

    @Test func aRemovalTakesOneEntryOutAndShowsInTheGraph() throws {
        let withoutSearch = try Self.withoutSearch()
        #expect(withoutSearch.build().links.routes == ["orders"])
        let entries = withoutSearch.graph.bindings(of: [String: any DeepLinkHandler].self)
        #expect(entries.map(\.mapRole) == [.declaration, .entry, .removal])
        #expect(entries.map(\.mapKey) == [nil, #""orders""#, #""search""#])
        #expect(entries.map(\.isOverride) == [false, false, true])
        #expect(entries.map(\.id) == [
            "Swift.Dictionary<Swift.String, WiringDocumentationTests.DeepLinkHandler>@1",
            #"Swift.Dictionary<Swift.String, WiringDocumentationTests.DeepLinkHandler>["orders"]"#,
            #"Swift.Dictionary<Swift.String, WiringDocumentationTests.DeepLinkHandler>["search"]@removed"#,
        ])
        #expect(entries.map(\.kind) == [.contribution, .contribution, .contribution])
        #expect(entries.map(\.isCollection) == [true, true, true])
    }

    @Test func theJSONHasTheKeyAndTheRoleOfMapBindingsOnly() throws {
        let json = try Self.withoutSearch().graph.rendered(as: .json)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let bindings = try #require(document["bindings"] as? [[String: Any]])
        let maps = bindings.filter { $0["name"] as? String == "[String: any DeepLinkHandler]" }
        #expect(maps.map { $0["mapRole"] as? String } == ["declaration", "entry", "removal"])
        #expect(maps.map { $0["mapKey"] as? String } == [nil, #""orders""#, #""search""#])
        #expect(bindings.filter { $0["name"] as? String != "[String: any DeepLinkHandler]" }.allSatisfy { $0["mapKey"] == nil && $0["mapRole"] == nil })
    }

    @Test func replacingAKeyTheMapDoesNotHaveIsReported() throws {
        let error = try #require(throws: ValidationError.self) {
            try ComponentFactory.of(ShopAppComponent.self, replacing: { binder in
                binder.removeEntry(forKey: "serach", from: [String: any DeepLinkHandler].self, file: "Shop/ShopTests.swift", line: 3)
            })
        }
        #expect(error.diagnostics.map(\.kind) == [.invalidOverride])
        #expect(error.diagnostics.map(\.message) == ["""
            The removal of the entry "serach" of [String: any DeepLinkHandler] matches nothing: the map of ShopAppComponent has \
            only "search", "orders".
              removed at Shop/ShopTests.swift:3 in ShopAppComponent
              To fix this, name a key the map has, or contribute the entry in a module the component includes.
            """])
    }

    /// The article's `withoutSearch`, made as the article shows it.
    static func withoutSearch() throws -> ComponentFactory<ShopAppComponent> {
        let withoutSearch = try ComponentFactory.of(ShopAppComponent.self, replacing: { binder in
            binder.removeEntry(forKey: "search", from: [String: any DeepLinkHandler].self)
        })
        #expect(withoutSearch.build().links.routes == ["orders"])
        return withoutSearch
    }
}

// MARK: - Fixtures

private struct ReplacingSignedInComponent: Component {
    typealias Root = DeepLinkRouter

    static func configure(binder: Binder<SignedInScope>) {
        binder.bind((any DeepLinkHandler).self, file: "Shop/SignedIn.swift", line: 4).intoMap(key: "orders").to {
            FakeOrderLinkHandler() as any DeepLinkHandler
        }
    }

    static func configureRoot(binder bind: ReceiptBinder<DeepLinkRouter>) -> BindingReceipt<DeepLinkRouter> {
        bind.to { (router: DeepLinkRouter) in router }
    }
}

private struct ShopWithReplacingSubcomponent: RootComponent {
    typealias Root = ComponentFactory<ReplacingSignedInComponent>

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeepLinksModule.self)
        binder.include(module: OrderLinksModule.self)
        binder.install(dependency: ReplacingSignedInComponent.self)
    }

    static func configureRoot(binder bind: ReceiptBinder<Root>) -> BindingReceipt<Root> {
        bind.to { (signedIn: ComponentFactory<ReplacingSignedInComponent>) in signedIn }
    }
}

private struct SingleValueLinksComponent: RootComponent {
    typealias Root = DeepLinkRouter

    static func configure(binder: Binder<Singleton>) {
        binder.include(module: DeepLinksModule.self)
        binder.include(module: SearchLinksModule.self)
        binder.bind([String: any DeepLinkHandler].self).to(value: [:])
    }

    static func configureRoot(binder bind: ReceiptBinder<DeepLinkRouter>) -> BindingReceipt<DeepLinkRouter> {
        bind.to { (router: DeepLinkRouter) in router }
    }
}
