// Reads Wiring's internals (`@testable import`), so it is compiled only where Wiring has
// testability and `DEBUG` is set: a debug build, and Scripts/test-thread-sanitizer's build under
// AddressSanitizer. Scripts/test's release build is a user's release build, without testability.
#if DEBUG
import Testing
@testable import Wiring

/// The graph export lists a grandchild's collection as `build()` makes it: its own
/// contributions, then its parent's, then its grandparent's, whether it contributes or not.
struct SubcomponentGrandchildCollectionGraphExportTests {
    /// A grandchild that contributes lists its own, its parent's, then its grandparent's
    /// contributions, as `build()` makes them; the export used to leave out the grandparent's.
    @Test func aGrandchildsCollectionEdgeReachesEveryAncestorInBuildOrder() throws {
        let factory = try ComponentFactory.of(ChainRoot.self)
        let leaf = factory.build(()).build(()).grandchild.build(())
        #expect(leaf.items == ["grandchild-item", "child-item", "root-item"])
        let graph = try #require(factory.graph.subcomponents.first?.subcomponents.first)
        #expect(graph.dependencies(of: "ChainChild/ChainGrandchild/root") == [
            .init(
                from: "ChainChild/ChainGrandchild/root",
                to: [
                    "ChainChild/ChainGrandchild/Swift.Array<Swift.String>@1",
                    "ChainChild/Swift.Array<Swift.String>@1",
                    "Swift.Array<Swift.String>@1",
                ],
                parameter: "[String]",
                kind: .instance
            ),
            .init(
                from: "ChainChild/ChainGrandchild/root",
                to: [
                    #"ChainChild/ChainGrandchild/Swift.Dictionary<Swift.String, Swift.String>["grandchild"]"#,
                    #"ChainChild/Swift.Dictionary<Swift.String, Swift.String>["child"]"#,
                    #"Swift.Dictionary<Swift.String, Swift.String>["root"]"#,
                ],
                parameter: "[String: String]",
                kind: .instance
            ),
        ])
    }

    /// A grandchild that contributes nothing takes its parent's collection, which holds the
    /// grandparent's too: the edge lists both, as `build()` makes them.
    @Test func aGrandchildWithoutContributionsReachesEveryAncestorInBuildOrder() throws {
        let factory = try ComponentFactory.of(ChainRoot.self)
        let leaf = factory.build(()).build(()).quietGrandchild.build(())
        #expect(leaf.items == ["child-item", "root-item"])
        let graph = try #require(factory.graph.subcomponents.first?.subcomponents.last)
        #expect(graph.dependencies(of: "ChainChild/ChainQuietGrandchild/root") == [
            .init(
                from: "ChainChild/ChainQuietGrandchild/root",
                to: ["ChainChild/Swift.Array<Swift.String>@1", "Swift.Array<Swift.String>@1"],
                parameter: "[String]",
                kind: .instance
            ),
            .init(
                from: "ChainChild/ChainQuietGrandchild/root",
                to: [
                    #"ChainChild/Swift.Dictionary<Swift.String, Swift.String>["child"]"#,
                    #"Swift.Dictionary<Swift.String, Swift.String>["root"]"#,
                ],
                parameter: "[String: String]",
                kind: .instance
            ),
        ])
    }
}

// MARK: - Fixtures

private struct ChainLeaf {
    let items: [String]
    let entries: [String: String]
}

private struct ChainGrandchild: Component {
    typealias Root = ChainLeaf
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "Grandchild/Wiring.swift", line: 1).intoCollection().to(value: "grandchild-item")
        binder.bind(String.self, file: "Grandchild/Wiring.swift", line: 2).intoMap(key: "grandchild").to(value: "grandchild-entry")
    }
    static func configureRoot(binder bind: ReceiptBinder<ChainLeaf>) -> BindingReceipt<ChainLeaf> {
        bind.to(file: "Grandchild/Root.swift", line: 1, factory: ChainLeaf.init)
    }
}

private struct ChainQuietGrandchild: Component {
    typealias Root = ChainLeaf
    static func configure(binder: Binder<Unscoped>) {}
    static func configureRoot(binder bind: ReceiptBinder<ChainLeaf>) -> BindingReceipt<ChainLeaf> {
        bind.to(file: "QuietGrandchild/Root.swift", line: 1, factory: ChainLeaf.init)
    }
}

private struct ChainBranch {
    let grandchild: ComponentFactory<ChainGrandchild>
    let quietGrandchild: ComponentFactory<ChainQuietGrandchild>
}

private struct ChainChild: Component {
    typealias Root = ChainBranch
    static func configure(binder: Binder<Unscoped>) {
        binder.bind(String.self, file: "Child/Wiring.swift", line: 1).intoCollection().to(value: "child-item")
        binder.bind(String.self, file: "Child/Wiring.swift", line: 2).intoMap(key: "child").to(value: "child-entry")
        binder.install(dependency: ChainGrandchild.self, file: "Child/Wiring.swift", line: 3)
        binder.install(dependency: ChainQuietGrandchild.self, file: "Child/Wiring.swift", line: 4)
    }
    static func configureRoot(binder bind: ReceiptBinder<ChainBranch>) -> BindingReceipt<ChainBranch> {
        bind.to(file: "Child/Root.swift", line: 1, factory: ChainBranch.init)
    }
}

private struct ChainRoot: RootComponent {
    typealias Root = ComponentFactory<ChainChild>
    static func configure(binder: Binder<Singleton>) {
        binder.bind(String.self, file: "Root/Wiring.swift", line: 1).intoCollection().to(value: "root-item")
        binder.bind(String.self, file: "Root/Wiring.swift", line: 2).intoMap(key: "root").to(value: "root-entry")
        binder.install(dependency: ChainChild.self, file: "Root/Wiring.swift", line: 3)
    }
    static func configureRoot(binder bind: ReceiptBinder<ComponentFactory<ChainChild>>) -> BindingReceipt<ComponentFactory<ChainChild>> {
        bind.to(file: "Root/Root.swift", line: 1) { (child: ComponentFactory<ChainChild>) in child }
    }
}
#endif
