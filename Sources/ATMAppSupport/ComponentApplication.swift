public import ATMCLI
public import ATMLib
import Synchronization
public import Wiring

/// An ATM app made from a root component: builds it for deposits, validates it with every
/// wiring rule, and renders its graph. `atm` and `atm-dev` are this type over their own root
/// components, whose seeds say what an invocation's settings become in the graph.
///
/// The component is configured and validated (`ComponentFactory.of`) once, by the first build,
/// and its factory kept: a command that deposits several times, or syncs with several banks,
/// builds one graph per deposit or bank from the same factory.
public struct ComponentApplication<Component: RootComponent>: ATMApplication
where Component.Seed: ATMSeed, Component.Root == ATM {
    /// The name the app is run by.
    public let name: String
    /// The values used when neither a flag nor the environment gives one.
    public let defaults: ATMDefaults
    /// The component's factory, made by the first build.
    private let factory = OnceMadeFactory<Component>()

    /// Creates an app.
    ///
    /// - Parameters:
    ///   - component: The app's root component.
    ///   - name: The name the app is run by.
    ///   - defaults: The values used when neither a flag nor the environment gives one.
    public init(_ component: Component.Type, name: String, defaults: ATMDefaults = ATMDefaults()) {
        self.name = name
        self.defaults = defaults
    }

    /// Checks the invocation's bank options as the component's seed judges them.
    ///
    /// - Parameter options: The bank's URL and the transport options of the invocation.
    public func checkBank(_ options: BankOptions) throws {
        try Component.Seed.checkBank(options)
    }

    /// Builds the component with the seed made from the invocation's settings.
    ///
    /// - Parameter settings: The invocation's settings.
    public func makeATM(settings: ATMRunSettings) throws -> ATM {
        try factory.get().build(try Component.Seed(settings: settings))
    }

    /// Validates the component with every wiring rule.
    public func validateGraph() -> GraphReport {
        do {
            let graph = try ComponentFactory.of(Component.self, rules: .all).graph
            return GraphReport(
                isValid: true,
                text: "The object graph of \(graph.component) is valid: \(graph.bindings.count) bindings from \(graph.modules.count) modules, every wiring rule checked."
            )
        } catch {
            return GraphReport(isValid: false, text: error.description)
        }
    }

    /// Renders the component's graph, or reports why it does not validate.
    public func renderGraph(format: String) -> GraphReport {
        do {
            let graph = try ComponentFactory.of(Component.self, rules: .all).graph
            return GraphReport(isValid: true, text: graph.rendered(as: GraphFormat(rawValue: format) ?? .text))
        } catch {
            return GraphReport(isValid: false, text: error.description)
        }
    }
}

/// A component's factory, made by the first call to ``get()`` and kept, with the error if
/// making it failed: `of` runs once, however many times the app builds its graph.
private final class OnceMadeFactory<Component: RootComponent>: Sendable {
    private let made = Mutex<Result<ComponentFactory<Component>, any Error>?>(nil)

    /// The factory: configured and validated by the first call, kept for every later one.
    func get() throws -> ComponentFactory<Component> {
        try made.withLock { made in
            if let made { return try made.get() }
            let result = Result { try ComponentFactory.of(Component.self) }
            made = result
            return try result.get()
        }
    }
}
