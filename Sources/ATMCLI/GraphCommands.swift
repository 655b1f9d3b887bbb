/// `graph` and `validate`: show and check the app's object graph.
struct GraphCommands {
    let context: CommandContext

    /// `graph [--format text|dot|mermaid|json]`: the table has checked the format.
    func graph(_ options: CommandOptions) -> ExitCode {
        report(context.application.renderGraph(format: options.format ?? "text"))
    }

    /// `validate`: every diagnostic, exit 0 when clean and 65 when not.
    func validate() -> ExitCode {
        report(context.application.validateGraph())
    }

    private func report(_ report: GraphReport) -> ExitCode {
        var text = report.text
        if text.hasSuffix("\n") { text.removeLast() }
        context.console.print(text)
        return report.isValid ? .success : .dataError
    }
}
