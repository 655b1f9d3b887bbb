import Testing
import Wiring
import WiringTesting

/// A test's replacements swap or remove one entry of a map, and the graph shows it.
struct MapEntryReplacementTests {
    @Test func aReplacementSwapsOneEntryAndLeavesTheOthers() throws {
        let factory = try ComponentFactory.of(LinksRoot.self, replacing: { binder in
            binder.bind(Link.self, file: "Tests/Links.swift", line: 3).intoMap(key: "help").to { Link(title: "fake help") }
        })
        #expect(factory.build().mapValues(\.title) == ["help": "fake help", "news": "news", "shop": "shop"])
        let overrides = factory.graph.bindings(of: [String: Link].self).filter(\.isOverride)
        #expect(overrides.map(\.id) == [#"Swift.Dictionary<Swift.String, WiringTestingTests.Link>["help"]"#])
        #expect(overrides.map(\.mapRole) == [.entry])
        #expect(factory.graph.rendered(as: .text).contains(#"├── [String: Link]  map entry "help" · override · LinksRoot, Tests/Links.swift:3\#n"#))
    }

    @Test func aRemovalTakesOneEntryOutVisibly() throws {
        let factory = try ComponentFactory.of(LinksRoot.self, replacing: { binder in
            binder.removeEntry(forKey: "news", from: [String: Link].self, file: "Tests/Links.swift", line: 7)
        })
        #expect(factory.build().mapValues(\.title) == ["help": "help", "shop": "shop"])
        let removal = try #require(factory.graph.bindings(of: [String: Link].self).first { $0.isOverride })
        #expect(removal.id == #"Swift.Dictionary<Swift.String, WiringTestingTests.Link>["news"]@removed"#)
        #expect(removal.mapRole == .removal)
        #expect(removal.mapKey == #""news""#)
    }

    @Test func removingEveryEntryLeavesAnEmptyMap() throws {
        let factory = try ComponentFactory.of(LinksRoot.self, replacing: { binder in
            for key in ["help", "news", "shop"] {
                binder.removeEntry(forKey: key, from: [String: Link].self)
            }
        })
        #expect(factory.build().isEmpty)
    }

    @Test func aTaggedMapsEntryIsRemovedByItsTag() throws {
        let factory = try ComponentFactory.of(LinksRoot.self, replacing: { binder in
            binder.removeEntry(forKey: 1, fromMapTaggedWith: Footer.self)
        })
        #expect(factory.graph.bindings(of: [Int: Link].self, tag: Footer.self).map(\.mapRole) == [.entry, .removal])
    }

    @Test func replacingOrRemovingAKeyTheMapDoesNotHaveIsReported() throws {
        let replacements: (Binder<Unscoped>) -> Void = { binder in
            binder.bind(Link.self, file: "Tests/Links.swift", line: 11).intoMap(key: "hlep").to { Link(title: "typo") }
            binder.removeEntry(forKey: "old", from: [String: Link].self, file: "Tests/Links.swift", line: 12)
        }
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(LinksRoot.self, replacing: replacements) }
        #expect(error.diagnostics.map(\.description) == [
            """
            Tests/Links.swift:11: error: The replacement of the entry "hlep" of [String: Link] matches nothing: the map of \
            LinksRoot has only "help", "news", "shop".
              replaced at Tests/Links.swift:11 in LinksRoot
              To fix this, name a key the map has, or contribute the entry in a module the component includes.
            """,
            """
            Tests/Links.swift:12: error: The removal of the entry "old" of [String: Link] matches nothing: the map of \
            LinksRoot has only "help", "news", "shop".
              removed at Tests/Links.swift:12 in LinksRoot
              To fix this, name a key the map has, or contribute the entry in a module the component includes.
            """,
        ])
        #expect(error.diagnostics.map(\.kind) == [.invalidOverride, .invalidOverride])
    }

    /// Two replacements or removals of one missing entry are one mistake each way: one "matches
    /// nothing" per entry, beside the duplicate the second replacement makes.
    @Test func replacingOrRemovingAMissingKeyTwiceIsReportedOnce() throws {
        let replacements: (Binder<Unscoped>) -> Void = { binder in
            binder.bind(Link.self, file: "Tests/Links.swift", line: 11).intoMap(key: "hlep").to { Link(title: "typo") }
            binder.bind(Link.self, file: "Tests/Links.swift", line: 12).intoMap(key: "hlep").to { Link(title: "typo again") }
            binder.removeEntry(forKey: "old", from: [String: Link].self, file: "Tests/Links.swift", line: 13)
            binder.removeEntry(forKey: "old", from: [String: Link].self, file: "Tests/Links.swift", line: 14)
        }
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(LinksRoot.self, replacing: replacements) }
        #expect(error.diagnostics.map(\.description) == MapEntryReplacementTests.twiceMissing)
    }

    static let twiceMissing = [
        """
        Tests/Links.swift:11: error: The replacement of the entry "hlep" of [String: Link] matches nothing: the map of \
        LinksRoot has only "help", "news", "shop".
          replaced at Tests/Links.swift:11 in LinksRoot
          To fix this, name a key the map has, or contribute the entry in a module the component includes.
        """,
        """
        Tests/Links.swift:13: error: The removal of the entry "old" of [String: Link] matches nothing: the map of \
        LinksRoot has only "help", "news", "shop".
          removed at Tests/Links.swift:13 in LinksRoot
          To fix this, name a key the map has, or contribute the entry in a module the component includes.
        """,
        """
        Tests/Links.swift:12: error: [String: Link] has more than one entry under the key "hlep".
          contributed at Tests/Links.swift:11 in LinksRoot
          contributed again at Tests/Links.swift:12 in LinksRoot
          To fix this, give each entry a key of its own, or include only one of the modules that contribute "hlep". To \
        swap an entry in a test, contribute the replacement in ComponentFactory.of(_:replacing:) from WiringTesting.
        """,
    ]

    @Test func aRemovalOutsideATestsReplacementsIsReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(RemovingRoot.self) }
        #expect(error.diagnostics.map(\.description) == ["""
            App/Links.swift:20: error: The entry "shop" of [String: Link] is removed outside a test's replacements.
              removed at App/Links.swift:20 in RemovingRoot
              To fix this, remove entries only in ComponentFactory.of(_:replacing:), or stop including the module that contributes the entry.
            """])
    }
}

// MARK: - Fixtures

struct Link: Sendable {
    let title: String
}

private struct Footer: Wiring.BindingTag { typealias Element = [Int: Link] }

private struct LinksModule: Module {
    static func configure(binder: Binder<Unscoped>) {
        for title in ["help", "news", "shop"] {
            binder.bind(Link.self).intoMap(key: title).to { Link(title: title) }
        }
        binder.bind(Link.self).intoMap(key: 1).tagged(with: Footer.self).to { Link(title: "imprint") }
        binder.bind(Link.self).intoMap(key: 2).tagged(with: Footer.self).to { Link(title: "privacy") }
    }
}

private struct LinksRoot: RootComponent {
    typealias Root = [String: Link]
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LinksModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: Link]>) -> BindingReceipt<[String: Link]> {
        bind.to { (links: [String: Link], footer: TaggedProvider<Footer>) in links }
    }
}

private struct RemovingRoot: RootComponent {
    typealias Root = [String: Link]
    static func configure(binder: Binder<Unscoped>) {
        binder.include(module: LinksModule.self)
        binder.removeEntry(forKey: "shop", from: [String: Link].self, file: "App/Links.swift", line: 20)
    }
    static func configureRoot(binder bind: ReceiptBinder<[String: Link]>) -> BindingReceipt<[String: Link]> {
        bind.to { (links: [String: Link]) in links }
    }
}
