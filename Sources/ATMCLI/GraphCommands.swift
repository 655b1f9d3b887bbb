/// `graph` and `validate`: show and check the app's object graph.
struct GraphCommands {
    let application: any ATMApplication
    let console: Console

    /// `graph [--format text|dot|mermaid|json]`.
    func graph(_ arguments: [String]) -> ExitCode {
        let name = application.name
        var format = "text"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                console.print(HelpText.graph(name))
                return .success
            case "--format":
                guard let value = remaining.popFirst() else {
                    console.printError("\(name): --format needs a value; run '\(name) graph --help' for usage")
                    return .usage
                }
                format = value
            case let option where option.hasPrefix("--format="):
                format = String(option.dropFirst("--format=".count))
            default:
                console.printError("\(name): unknown argument '\(TerminalText.escaped(argument))' for graph; run '\(name) graph --help' for usage")
                return .usage
            }
        }
        guard GraphReport.formats.contains(format) else {
            console.printError("\(name): unknown graph format '\(TerminalText.escaped(format))'; use \(GraphReport.formats.joined(separator: ", "))")
            return .usage
        }
        return report(application.renderGraph(format: format))
    }

    /// `validate`: every diagnostic, exit 0 when clean and 65 when not.
    func validate(_ arguments: [String]) -> ExitCode {
        let name = application.name
        if arguments == ["--help"] || arguments == ["-h"] {
            console.print(HelpText.validate(name))
            return .success
        }
        guard arguments.isEmpty else {
            console.printError("\(name): validate takes no arguments; run '\(name) validate --help' for usage")
            return .usage
        }
        return report(application.validateGraph())
    }

    private func report(_ report: GraphReport) -> ExitCode {
        var text = report.text
        if text.hasSuffix("\n") { text.removeLast() }
        console.print(text)
        return report.isValid ? .success : .dataError
    }
}
