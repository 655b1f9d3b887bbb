import Testing
import Wiring

/// An assisted factory's `Factory` resolves its dependencies only when `build(_:)` is called,
/// and a `PropertyInjector` only when `injectProperties(into:)` is: like a `Provider`, neither
/// orders construction, so a cycle through one is legal, is linked, and works in every kind of
/// build. A cycle of plain requests beside them is still reported, word for word.
struct LazyEdgeCycleTests {
    /// A shared screen that takes the factory of its rows, whose rows take the screen: the row
    /// gets the caller's seed and the very screen that made it.
    @Test func aCycleThroughAnAssistedFactoryBuilds() throws {
        let screen = try ComponentFactory.of(ScreenRoot.self).build()
        let row = screen.rows.build("x")
        #expect(row.title == "x")
        #expect(row.screen === screen)
    }

    /// A tree node whose assisted factory takes its own `Factory` (seed last): each node makes
    /// its children with it, as deep as the caller goes.
    @Test func aFactoryThatTakesItsOwnFactoryBuilds() throws {
        let forest = try ComponentFactory.of(ForestRoot.self).build()
        let top = forest.nodes.build(0)
        let child = top.children.build(top.depth + 1)
        let grandchild = child.children.build(child.depth + 1)
        #expect([top.depth, child.depth, grandchild.depth] == [0, 1, 2])
        #expect(grandchild.label == "leaf")
    }

    /// A shared screen that takes the property injector of a controller whose `inject` takes the
    /// screen: the injector sets the very screen that holds it.
    @Test func aCycleThroughAPropertyInjectorBuilds() throws {
        let screen = try ComponentFactory.of(InjectedScreenRoot.self).build()
        let controller = Controller()
        screen.injector.injectProperties(into: controller)
        #expect(controller.screen === screen)
    }

    /// The same cycles under `AsyncComponentFactory`, beside a binding that awaits, which the
    /// root takes: they are linked in an async build too.
    @Test func theCyclesBuildInAnAsyncBuild() async throws {
        let desk = try await AsyncComponentFactory.of(AwaitedDeskRoot.self).build()
        #expect(desk.lamp.watts == 60)
        #expect(desk.screen.rows.build("y").screen === desk.screen)
        let controller = Controller()
        desk.injectedScreen.injector.injectProperties(into: controller)
        #expect(controller.screen === desk.injectedScreen)
        #expect(desk.nodes.build(3).children.build(4).depth == 4)
    }

    /// The same cycles under `MainActorComponentFactory`, beside a binding made on the main
    /// actor, which the root takes.
    @MainActor
    @Test func theCyclesBuildInAMainActorBuild() throws {
        let desk = try MainActorComponentFactory.of(MainActorDeskRoot.self).build()
        #expect(desk.lamp.watts == 40)
        #expect(desk.screen.rows.build("z").screen === desk.screen)
        let controller = Controller()
        desk.injectedScreen.injector.injectProperties(into: controller)
        #expect(controller.screen === desk.injectedScreen)
        #expect(desk.nodes.build(5).children.build(6).depth == 6)
    }

    /// A cycle of plain requests that shares its bindings with a cycle through an assisted
    /// factory is reported alone, with the message it has without the factory.
    @Test func aCycleOfPlainRequestsBesideThemIsStillReported() throws {
        let error = try #require(throws: ValidationError.self) { try ComponentFactory.of(RelayLoopRoot.self) }
        #expect(error.diagnostics.map(\.description) == [
            """
            Loops/Relay.swift:4: error: Dependency cycle: Relay -> Repeater -> Relay.
              Repeater is required by Relay at Loops/Relay.swift:4
              Relay is required by Repeater at Loops/Repeater.swift:7
              To fix this, break the cycle: let one of these factories take Provider<T> (or () -> T) instead of T and call get() after construction.
            """,
        ])
    }

    /// The exported graph still lists what the assisted factory and the injector ask for, as
    /// plain parameters: each edge's targets, parameter and kind.
    @Test func theExportListsTheirDependencies() throws {
        let graph = try ComponentFactory.of(ForestRoot.self).graph
        func edges(of id: String) -> [String] {
            graph.dependencies(of: id).map { "\($0.to) as \($0.parameter), \($0.kind)" }
        }
        #expect(edges(of: "Wiring.Factory<WiringTests.RowFactory>") == [#"["WiringTests.Screen"] as Screen, instance"#])
        #expect(edges(of: "Wiring.Factory<WiringTests.TreeNodeFactory>") == [
            #"["Swift.String"] as String, instance"#,
            #"["Wiring.Factory<WiringTests.TreeNodeFactory>"] as Factory<TreeNodeFactory>, instance"#,
        ])
        #expect(edges(of: "Wiring.PropertyInjector<WiringTests.Controller>") == [#"["WiringTests.InjectedScreen"] as InjectedScreen, instance"#])
    }
}

// MARK: - Fixtures

private final class Screen: Sendable {
    let rows: Factory<RowFactory>
    init(rows: Factory<RowFactory>) { self.rows = rows }
}

private final class Row: Sendable {
    let title: String
    let screen: Screen
    init(title: Assisted<String>, screen: Screen) {
        self.title = title.get()
        self.screen = screen
    }
}

private struct RowFactory: AssistedFactory {
    typealias Seed = String
    typealias Element = Row
}

private final class TreeNode: Sendable {
    let label: String
    let children: Factory<TreeNodeFactory>
    let depth: Int
    init(label: String, children: Factory<TreeNodeFactory>, depth: Assisted<Int>) {
        self.label = label
        self.children = children
        self.depth = depth.get()
    }
}

private struct TreeNodeFactory: AssistedFactory {
    typealias Seed = Int
    typealias Element = TreeNode
}

private struct Forest: Sendable {
    let nodes: Factory<TreeNodeFactory>
}

private final class InjectedScreen: Sendable {
    let injector: PropertyInjector<Controller>
    init(injector: PropertyInjector<Controller>) { self.injector = injector }
}

private final class Controller {
    var screen: InjectedScreen?
    func inject(screen: InjectedScreen) { self.screen = screen }
}

private struct Lamp: Sendable {
    let watts: Int
}

private struct Desk: Sendable {
    let screen: Screen
    let injectedScreen: InjectedScreen
    let nodes: Factory<TreeNodeFactory>
    let lamp: Lamp
}

/// The three cycles: through an assisted factory, through a factory's own factory, and through
/// a property injector.
private struct LazyCycleModule: Module {
    static func configure(binder: Binder<Singleton>) {
        binder.bind(Screen.self).sharedInScope().to(factory: Screen.init)
        binder.bindFactory(Row.self).with(RowFactory.self).to(factory: Row.init)
        binder.bind(String.self).to(value: "leaf")
        binder.bindFactory(TreeNode.self).with(TreeNodeFactory.self).to(factory: TreeNode.init)
        binder.bind(InjectedScreen.self).sharedInScope().to(factory: InjectedScreen.init)
        binder.bindPropertyInjectionOf(Controller.self).to(injector: Controller.inject)
    }
}

private struct ScreenRoot: RootComponent {
    typealias Root = Screen
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LazyCycleModule.self)
    }
}

private struct ForestRoot: RootComponent {
    typealias Root = Forest
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LazyCycleModule.self)
    }
    static func configureRoot(binder bind: ReceiptBinder<Forest>) -> BindingReceipt<Forest> {
        bind.to(factory: Forest.init)
    }
}

private struct InjectedScreenRoot: RootComponent {
    typealias Root = InjectedScreen
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LazyCycleModule.self)
    }
}

private struct AwaitedDeskRoot: RootComponent {
    typealias Root = Desk
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LazyCycleModule.self)
        binder.bind(Lamp.self).to(asyncFactory: { () async in Lamp(watts: 60) })
    }
    static func configureRoot(binder bind: ReceiptBinder<Desk>) -> BindingReceipt<Desk> {
        bind.to(factory: Desk.init)
    }
}

private struct MainActorDeskRoot: RootComponent {
    typealias Root = Desk
    static func configure(binder: Binder<Singleton>) {
        binder.include(module: LazyCycleModule.self)
        binder.bind(Lamp.self).to(mainActorFactory: { @MainActor () in Lamp(watts: 40) })
    }
    static func configureRoot(binder bind: ReceiptBinder<Desk>) -> BindingReceipt<Desk> {
        bind.to(factory: Desk.init)
    }
}

private struct Relay: Sendable {
    init(repeater: Repeater, again: Factory<RelayFactory>) {}
}

private struct Repeater: Sendable {
    init(relay: Relay) {}
}

private struct RelayFactory: AssistedFactory {
    typealias Seed = Int
    typealias Element = Relay
}

/// A plain cycle, Relay and Repeater, in one loop with a legal one through Relay's assisted
/// factory, whose relay takes Repeater and the factory itself.
private struct RelayLoopRoot: RootComponent {
    typealias Root = Int
    static func configure(binder: Binder<Unscoped>) {
        binder.bindFactory(Relay.self, file: "Loops/RelayFactory.swift", line: 2).with(RelayFactory.self)
            .to(file: "Loops/RelayFactory.swift", line: 2) { (_: Assisted<Int>, repeater: Repeater, again: Factory<RelayFactory>) in
                Relay(repeater: repeater, again: again)
            }
        binder.bind(Relay.self, file: "Loops/Relay.swift", line: 4).to(factory: Relay.init)
        binder.bind(Repeater.self, file: "Loops/Repeater.swift", line: 7).to(factory: Repeater.init)
    }
    static func configureRoot(binder bind: ReceiptBinder<Int>) -> BindingReceipt<Int> {
        bind.to(file: "Loops/Root.swift", line: 9) { (_: Repeater) in 0 }
    }
}
