public import ATMCLI
public import ATMLib
import Network
public import Wiring

/// An ATM app made from a root component: builds it for deposits, validates it with every
/// wiring rule, and renders its graph. `atm` and `atm-dev` are this type over the same root
/// component, made from the wiring libraries each links; the seed is the invocation's settings.
///
/// The component is configured and validated once, when the app starts, with every wiring rule,
/// and its factory kept: a command that deposits several times, or syncs with several banks,
/// builds one graph per deposit or bank from it, and `validate` and `graph` report on it. The
/// root, an ``ATMEntry``, is built by `AsyncComponentFactory`; the ATM comes from its
/// `AsyncProvider<ATM>`, whose resolution has effects: the journal is opened by a throwing
/// initialiser, and a network layer that reaches a real bank judges the transport options with
/// one.
public struct ComponentApplication<Component: RootComponent>: ATMApplication
where Component.Seed == ATMRunSettings, Component.Root == ATMEntry {
    /// The name the app is run by.
    public let name: String
    /// The values used when neither a flag nor the environment gives one: the development
    /// account and the name of the built-in bank, when the linked network layer carries one.
    public let defaults: ATMDefaults
    /// The component's factory, or why the graph is broken.
    private let factory: Result<AsyncComponentFactory<Component>, ValidationError>

    /// Creates an app: configures and validates its component, and learns from the graph
    /// whether its network layer carries a bank of its own.
    ///
    /// - Parameters:
    ///   - component: The app's root component.
    ///   - name: The name the app is run by.
    public init(_ component: Component.Type, name: String) async {
        await self.init(component, name: { _ in name })
    }

    /// Creates an app named after the program's first argument (`CommandLine.arguments.first`):
    /// its last path component, with any control character escaped; `atm`, or `atm-dev` for an
    /// app whose bank is in memory, when it has none. Only messages use the name: the default
    /// journal's place never depends on it.
    ///
    /// - Parameters:
    ///   - component: The app's root component.
    ///   - argument: The program's first argument, if any.
    public init(_ component: Component.Type, invokedAs argument: String?) async {
        await self.init(component) { defaults in
            let last = argument?.split(separator: "/").last.map(String.init) ?? ""
            return last.isEmpty ? defaults.stateFolder : TerminalText.escaped(last)
        }
    }

    private init(_ component: Component.Type, name: (ATMDefaults) -> String) async {
        factory = Result { () throws(ValidationError) in try AsyncComponentFactory.of(Component.self, rules: .all) }
        var defaults = ATMDefaults()
        if case let .success(factory) = factory, let bank = try? await factory.build(Self.placeholderSettings).builtInBank {
            defaults = ATMDefaults(account: bank.developmentAccount, builtInBank: bank.name, stateFolder: Self.builtInBankStateFolder)
        }
        self.defaults = defaults
        self.name = name(defaults)
    }

    /// The folder of the state of an app whose bank is in memory: its default journal is
    /// `$XDG_STATE_HOME/atm-dev/journal.json`, apart from the production app's.
    public static var builtInBankStateFolder: String { "atm-dev" }

    /// Settings to build the entry with before the invocation's are known: building the entry
    /// resolves nothing of them.
    private static var placeholderSettings: ATMRunSettings {
        ATMRunSettings(
            configuration: ATMConfiguration(account: "-", bank: "-", journal: JournalLocation(path: "-")),
            bank: BankOptions(url: nil)
        )
    }

    /// Builds the component with the invocation's settings as its seed and makes the ATM, and
    /// says which of its factories failed when one does.
    ///
    /// - Parameter settings: The invocation's settings.
    public func makeATM(settings: ATMRunSettings) async throws(ATMBuildFailure) -> ATM {
        let factory: AsyncComponentFactory<Component>
        switch self.factory {
        case let .success(made): factory = made
        case let .failure(error): throw .graph(error.description)
        }
        do {
            let entry = try await factory.build(settings)
            // A bank in memory must never stand in for the bank the settings name: it would
            // "confirm" that bank's deposits, and they would leave the journal uncredited.
            if let bank = entry.builtInBank, settings.configuration.bank != bank.name || settings.bank.url != nil {
                throw ATMBuildFailure.bankOptions(NetworkError(
                    kind: .invalidConfiguration,
                    message: "\(name) deposits only into its \(bank.name), so it cannot use the bank \(settings.configuration.bank); "
                        + "use the production app for a real bank",
                    mayHaveBeenCredited: false
                ))
            }
            return try await entry.atm.get()
        } catch let error as ATMBuildFailure {
            throw error
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
            let graph = try factory.get().graph
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
            let graph = try factory.get().graph
            return GraphReport(isValid: true, text: graph.rendered(as: GraphFormat(rawValue: format) ?? .text))
        } catch {
            return GraphReport(isValid: false, text: error.description)
        }
    }
}
