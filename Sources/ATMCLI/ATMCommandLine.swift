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
        // A command that said so itself (`atm deposit`'s receipt) has its 73 already.
        guard let failure = console.outputFailure, status != .cannotWriteOutput else { return status }
        // A command that succeeded but whose output was lost did not do all that was asked; one
        // that failed keeps its status, which says more, and standard error says what was lost.
        let lost = status == .success ? "" : "; its report is lost, and its exit status is \(status.rawValue)"
        console.printError("\(TerminalText.escaped(application.name)): cannot write to standard output: \(failure)\(lost)")
        return status == .success ? .cannotWriteOutput : status
    }

    private func dispatch(_ arguments: some Collection<String>) async -> ExitCode {
        let name = TerminalText.escaped(application.name)
        guard let first = arguments.first else {
            console.printError("\(name): missing command; run '\(name) --help' for usage")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if ["help", "--help", "-h"].contains(first) {
            return help(topic: first == "help" ? rest.first : nil)
        }
        guard let command = table.command(named: first) else {
            console.printError("\(name): unknown command '\(TerminalText.escaped(first))'; run '\(name) --help' for usage")
            return .usage
        }
        let context = CommandContext(application: application, environment: environment, console: console)
        return await context.run { () throws(CommandLineFailure) in
            switch try ArgumentReader(command: command, program: name).read(rest) {
            case .help:
                console.print(HelpRenderer(table: table).page(command))
                return .success
            case let .run(options):
                return await command.run(context, options)
            }
        }
    }

    private var table: CommandTable {
        CommandTable(program: TerminalText.escaped(application.name), defaults: application.defaults)
    }

    private func help(topic: String?) -> ExitCode {
        let table = self.table
        switch topic {
        case nil:
            console.print(HelpRenderer(table: table).general)
        case let topic?:
            guard let command = table.command(named: topic) else {
                let name = TerminalText.escaped(application.name)
                console.printError("\(name): no help for '\(TerminalText.escaped(topic))'; run '\(name) --help' for the commands")
                return .usage
            }
            console.print(HelpRenderer(table: table).page(command))
        }
        return .success
    }
}
