/// The command line shared by `atm` and `atm-dev`: reads the arguments, runs the command, prints
/// the result, and returns the exit status. It receives the app, which builds the object graph;
/// the command line itself knows nothing of the container.
///
/// ```swift
/// let status = await ATMCommandLine(application: App()).run(CommandLine.arguments.dropFirst())
/// exit(status.rawValue)
/// ```
public struct ATMCommandLine: Sendable {
    private let application: any ATMApplication
    private let environment: [String: String]
    private let console: Console

    /// Creates the command line of an app.
    ///
    /// - Parameters:
    ///   - application: The app: its name, defaults, and how it builds its graph.
    ///   - environment: The environment variables (`ATM_ACCOUNT`, `ATM_BANK_URL`, …).
    ///   - console: Where to print.
    public init(application: any ATMApplication, environment: [String: String], console: Console = .standard) {
        self.application = application
        self.environment = environment
        self.console = console
    }

    /// Runs one invocation.
    ///
    /// - Parameter arguments: The arguments after the program's name.
    /// - Returns: The exit status.
    public func run(_ arguments: some Collection<String>) async -> ExitCode {
        let status = await dispatch(arguments)
        // A command that succeeded but whose output was lost did not do all that was asked.
        guard status == .success, let failure = console.outputFailure else { return status }
        console.printError("\(application.name): cannot write to standard output: \(failure)")
        return .cannotWriteOutput
    }

    private func dispatch(_ arguments: some Collection<String>) async -> ExitCode {
        let name = application.name
        guard let command = arguments.first else {
            console.printError("\(name): missing command; run '\(name) --help' for usage")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "deposit":
            return await DepositCommand(context: context).run(rest)
        case "sync":
            return await SyncCommand(context: context).run(rest)
        case "pending":
            return await PendingCommand(context: context).run(rest)
        case "graph":
            return GraphCommands(application: application, console: console).graph(rest)
        case "validate":
            return GraphCommands(application: application, console: console).validate(rest)
        case "help", "--help", "-h":
            return help(topic: command == "help" ? rest.first : nil)
        default:
            console.printError("\(name): unknown command '\(TerminalText.escaped(command))'; run '\(name) --help' for usage")
            return .usage
        }
    }

    private var context: CommandContext {
        CommandContext(application: application, environment: environment, console: console)
    }

    private func help(topic: String?) -> ExitCode {
        switch topic {
        case nil:
            console.print(HelpText.general(application.name))
        case "deposit":
            console.print(HelpText.deposit(application.name, defaults: application.defaults))
        case "graph":
            console.print(HelpText.graph(application.name))
        case "validate":
            console.print(HelpText.validate(application.name))
        case "sync":
            console.print(HelpText.sync(application.name))
        case "pending":
            console.print(HelpText.pending(application.name))
        case let other?:
            console.printError("\(application.name): no help for '\(TerminalText.escaped(other))'; run '\(application.name) --help' for the commands")
            return .usage
        }
        return .success
    }
}
