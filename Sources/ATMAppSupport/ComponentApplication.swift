public import ATMCLI
public import ATMLib
import Network
import Synchronization
public import Wiring

/// An ATM app made from a root component: builds it for deposits, validates it with every
/// wiring rule, and renders its graph. `atm` and `atm-dev` are this type over their root
/// components, whose seed is the invocation's settings.
///
/// The root's path has effects (the journal is opened by a throwing initialiser, and a network
/// layer that reaches a real bank judges the transport options with one), so the component is
/// built through `AsyncComponentFactory`. It is configured and validated once, by the first
/// build, and its factory kept: a command that deposits several times, or syncs with several
/// banks, builds one graph per deposit or bank from the same factory.
public struct ComponentApplication<Component: RootComponent>: ATMApplication
where Component.Seed == ATMRunSettings, Component.Root == ATM {
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

    /// Builds the component with the invocation's settings as its seed, and says which of its
    /// factories failed when one does.
    ///
    /// - Parameter settings: The invocation's settings.
    public func makeATM(settings: ATMRunSettings) async throws(ATMBuildFailure) -> ATM {
        let factory: AsyncComponentFactory<Component>
        do {
            factory = try self.factory.get()
        } catch {
            throw .graph("\(error)")
        }
        do {
            return try await factory.build(settings)
        } catch let error as ResolutionError {
            switch error.underlying {
            case let journal as JournalError: throw .journal(journal)
            case let bank as NetworkError: throw .bankOptions(bank)
            default: throw .graph(error.description)
            }
        } catch {
            throw .graph("\(error)")
        }
    }

    /// Validates the component with every wiring rule.
    public func validateGraph() -> GraphReport {
        do {
            let graph = try AsyncComponentFactory.of(Component.self, rules: .all).graph
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
            let graph = try AsyncComponentFactory.of(Component.self, rules: .all).graph
            return GraphReport(isValid: true, text: graph.rendered(as: GraphFormat(rawValue: format) ?? .text))
        } catch {
            return GraphReport(isValid: false, text: error.description)
        }
    }
}

/// A component's factory, made by the first call to ``get()`` and kept, with the error if
/// making it failed: `of` runs once, however many times the app builds its graph.
private final class OnceMadeFactory<Component: RootComponent>: Sendable {
    private let made = Mutex<Result<AsyncComponentFactory<Component>, any Error>?>(nil)

    /// The factory: configured and validated by the first call, kept for every later one.
    func get() throws -> AsyncComponentFactory<Component> {
        try made.withLock { made in
            if let made { return try made.get() }
            let result = Result { try AsyncComponentFactory.of(Component.self) }
            made = result
            return try result.get()
        }
    }
}
